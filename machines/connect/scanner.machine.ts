/**
 * scanner (issue 19): "Scan a code" — the camera (getUserMedia, read frame by frame by
 * qr-decode.ts until a code shows), a photo of a code, or the short code typed (always
 * offered; the way on when the camera can't be used). What is read is claimed on the
 * server, which connects the two at once; its refusals are shown as they are said.
 */
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ConnectScanBody } from '../../contract/connect';
import { CONNECT_VIEW_WORDS as WORDS, CONNECT_WORDS } from '../../contract/connect-words';
import type { Connection } from '../../contract/social';
import { api, detailOr } from '../api/client';
import { decodeImageFile, qrDecoder, tokenIn } from './qr-decode';
import { isSessionGone, reportSessionGone } from '../session-gone';
import type { Said } from '../../contract/said';

export interface ScannerContext {
  userId: string;
  /** The camera's picture while it runs (the view shows it). */
  stream: MediaStream | null;
  /** The short code in the field. */
  typed: string;
  /** What is being claimed. */
  claim: ConnectScanBody | null;
  connection: Connection | null;
  /** Why the last try did not connect, as said to the person. */
  error: Said | null;
}

export type ScannerEvent =
  | { type: 'camera.started' }
  | { type: 'camera.stopped' }
  | { type: 'camera.ready'; stream: MediaStream }
  | { type: 'camera.failed' }
  | { type: 'code.read'; text: string }
  | { type: 'photo.chosen'; file: Blob }
  | { type: 'code.changed'; value: string }
  | { type: 'code.submitted' }
  | { type: 'scan.again' };

/** How often a camera frame is read when none held a code. */
export const FRAME_INTERVAL_MS = 200;

/**
 * The camera, read until a code shows: reports `camera.ready` with its stream, then
 * `code.read` with the code's text; `camera.failed` when it can't be used (refused,
 * missing). The camera is switched off when this stops.
 */
export const cameraActor = fromCallback<ScannerEvent>(({ sendBack }) => {
  let stopped = false;
  let stream: MediaStream | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const video = document.createElement('video');
  void (async () => {
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (stopped) return stream.getTracks().forEach((t) => t.stop());
      sendBack({ type: 'camera.ready', stream });
      video.muted = true;
      video.playsInline = true;
      video.srcObject = stream;
      await video.play();
      const decode = await qrDecoder();
      const look = async () => {
        if (stopped) return;
        const text = video.videoWidth ? await decode({ source: video, width: video.videoWidth, height: video.videoHeight }).catch(() => null) : null;
        if (stopped) return;
        if (text) sendBack({ type: 'code.read', text });
        else timer = setTimeout(look, FRAME_INTERVAL_MS);
      };
      void look();
    } catch {
      if (!stopped) sendBack({ type: 'camera.failed' });
    }
  })();
  return () => {
    stopped = true;
    clearTimeout(timer);
    video.srcObject = null;
    stream?.getTracks().forEach((t) => t.stop());
  };
});

const claimOfText = (text: string): ConnectScanBody | null => {
  const token = tokenIn(text);
  return token ? { token } : null;
};

export const scannerMachine = setup({
  types: {
    context: {} as ScannerContext,
    input: {} as { userId: string },
    events: {} as ScannerEvent,
  },
  actors: {
    camera: cameraActor,
    readPhoto: fromPromise<string | null, { file: Blob }>(({ input }) => decodeImageFile(input.file)),
    claim: fromPromise<Connection, { userId: string; body: ConnectScanBody }>(({ input }) =>
      api.scanConnectCode(input.userId, input.body).then((a) => a.connection),
    ),
  },
  guards: {
    isSessionGone,
    isOurCode: ({ event }) => event.type === 'code.read' && claimOfText(event.text) !== null,
    readOurCode: ({ event }) => claimOfText((event as { output?: string | null }).output ?? '') !== null,
    hasTypedCode: ({ context }) => context.typed.trim() !== '',
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    claimTyped: assign({ claim: ({ context }) => ({ short_code: context.typed.trim() }), error: null }),
    fail: assign({ error: (_, params: { error: Said }) => params.error }),
  },
}).createMachine({
  id: 'scanner',
  context: ({ input }) => ({ userId: input.userId, stream: null, typed: '', claim: null, connection: null, error: null }),
  initial: 'idle',
  on: {
    'code.changed': { actions: assign({ typed: ({ event }) => event.value }) },
    'code.submitted': { guard: 'hasTypedCode', target: '.claiming', actions: 'claimTyped' },
    'photo.chosen': { target: '.readingPhoto', actions: assign({ error: null }) },
  },
  states: {
    idle: {
      on: { 'camera.started': { target: 'camera', actions: assign({ error: null }) } },
    },
    camera: {
      invoke: { src: 'camera', id: 'camera' },
      exit: assign({ stream: null }),
      on: {
        'camera.ready': { actions: assign({ stream: ({ event }) => event.stream }) },
        'camera.failed': { target: 'idle', actions: { type: 'fail', params: { error: WORDS.cameraFailed } } },
        'camera.stopped': 'idle',
        'code.read': [
          { guard: 'isOurCode', target: 'claiming', actions: assign({ claim: ({ event }) => claimOfText(event.text), error: null }) },
          // Another kind of QR code: said; Try again looks again.
          { target: 'failed', actions: { type: 'fail', params: { error: CONNECT_WORDS.badSignature } } },
        ],
      },
    },
    readingPhoto: {
      invoke: {
        src: 'readPhoto',
        input: ({ event }) => ({ file: (event as { file: Blob }).file }),
        onDone: [
          { guard: 'readOurCode', target: 'claiming', actions: assign({ claim: ({ event }) => claimOfText(event.output ?? '') }) },
          { target: 'failed', actions: { type: 'fail', params: { error: WORDS.noCodeInPicture } } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: { error: WORDS.noCodeInPicture } } },
      },
    },
    claiming: {
      invoke: {
        src: 'claim',
        input: ({ context }) => ({ userId: context.userId, body: context.claim! }),
        onDone: { target: 'connected', actions: assign({ connection: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: 'isSessionGone', target: 'failed', actions: 'reportSessionGone' },
          { target: 'failed', actions: assign({ error: ({ event }) => detailOr(event.error, WORDS.scanFailed) }) },
        ],
      },
    },
    connected: {
      entry: assign({ typed: '' }),
      on: { 'scan.again': { target: 'idle', actions: assign({ connection: null, claim: null }) } },
    },
    failed: {
      on: {
        'scan.again': { target: 'idle', actions: assign({ error: null, claim: null }) },
        'camera.started': { target: 'camera', actions: assign({ error: null }) },
      },
    },
  },
});

export type ScannerActorRef = ActorRefFrom<typeof scannerMachine>;
export type ScannerSnapshot = SnapshotFrom<typeof scannerMachine>;
