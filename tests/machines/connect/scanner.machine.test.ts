import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, waitFor, type AnyActorRef } from 'xstate';
import type { ConnectScanBody } from '../../../contract/connect';
import { CONNECT_VIEW_WORDS, CONNECT_WORDS } from '../../../contract/connect-words';
import type { Connection } from '../../../contract/social';
import { ApiError, refusedWith } from '../../../machines/api/client';
import { scannerMachine, type ScannerEvent } from '../../../machines/connect/scanner.machine';
import { english } from '../../../contract/said';

const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const sam: Connection = {
  id: '00000000-0000-4000-8000-000000000001',
  connected_user: { id: '00000000-0000-4000-8000-000000000002', name: 'Sam', username: 'sam', occupation: null, interests: [], photo_data: null },
  shared_interests: [],
  event_id: null,
  connection_type: 'qr',
  created_at: new Date(0).toISOString(),
};

/**
 * The scanner with stand-ins: a camera that reports what the test says (and whether it
 * was switched off), a photo reader answering `photo`, and claims answered by `claim`.
 */
function run(opts: { photo?: () => Promise<string | null>; claim?: (body: ConnectScanBody) => Promise<Connection> } = {}) {
  const claims: ConnectScanBody[] = [];
  const camera = { send: null as null | ((e: ScannerEvent) => void), stopped: 0 };
  const logic = scannerMachine.provide({
    actors: {
      camera: fromCallback<ScannerEvent>(({ sendBack }) => {
        camera.send = sendBack;
        return () => {
          camera.stopped += 1;
        };
      }),
      readPhoto: fromPromise(() => (opts.photo ?? (() => Promise.resolve(TOKEN)))()),
      claim: fromPromise(({ input }: { input: { userId: string; body: ConnectScanBody } }) => {
        claims.push(input.body);
        return (opts.claim ?? (() => Promise.resolve(sam)))(input.body);
      }),
    },
  });
  const parentEvents: string[] = [];
  const parent = setup({ actors: { logic } }).createMachine({
    invoke: { src: 'logic', id: 'scanner', input: { userId: 'u1' } },
    on: { '*': { actions: ({ event }) => parentEvents.push(event.type) } },
  });
  const actor = createActor(parent).start();
  const scanner = actor.getSnapshot().children.scanner as AnyActorRef;
  const snap = () => scanner.getSnapshot() as ReturnType<typeof scannerMachine.getInitialSnapshot>;
  return { scanner, snap, claims, camera, parentEvents };
}

describe('scannerMachine', () => {
  it('starts idle, with nothing said and the camera off', () => {
    const { snap, camera } = run();
    expect(snap().value).toBe('idle');
    expect(snap().context).toMatchObject({ error: null, connection: null, stream: null, typed: '' });
    expect(camera.send).toBeNull();
  });

  it('reads a code with the camera, switches it off, and connects', async () => {
    const { scanner, snap, claims, camera } = run();
    scanner.send({ type: 'camera.started' });
    expect(snap().value).toBe('camera');
    const stream = {} as MediaStream;
    camera.send!({ type: 'camera.ready', stream });
    expect(snap().context.stream).toBe(stream);
    camera.send!({ type: 'code.read', text: `  ${TOKEN}\n` });
    expect(camera.stopped).toBe(1);
    expect(snap().context.stream).toBeNull();
    await waitFor(scanner, (s) => s.matches('connected'));
    expect(claims).toEqual([{ token: TOKEN }]);
    expect(snap().context.connection).toEqual(sam);
  });

  it("says a QR code that isn't ours is not a Wallflower code, without asking the server", () => {
    const { scanner, snap, claims, camera } = run();
    scanner.send({ type: 'camera.started' });
    camera.send!({ type: 'code.read', text: 'https://example.com/menu' });
    expect(snap().value).toBe('failed');
    expect(snap().context.error).toBe(CONNECT_WORDS.badSignature);
    expect(claims).toEqual([]);
    scanner.send({ type: 'camera.started' });
    expect(snap().value).toBe('camera');
    expect(snap().context.error).toBeNull();
  });

  it('offers typing when the camera cannot be used, and stops it when asked', () => {
    const { scanner, snap, camera } = run();
    scanner.send({ type: 'camera.started' });
    camera.send!({ type: 'camera.failed' });
    expect(snap().value).toBe('idle');
    expect(english(snap().context.error)).toBe(english(CONNECT_VIEW_WORDS.cameraFailed.message));
    scanner.send({ type: 'camera.started' });
    scanner.send({ type: 'camera.stopped' });
    expect(snap().value).toBe('idle');
    expect(camera.stopped).toBe(2);
  });

  it('connects by a typed short code (the field stays the chart’s), and not by an empty one', async () => {
    const { scanner, snap, claims } = run();
    scanner.send({ type: 'code.submitted' });
    expect(snap().value).toBe('idle');
    scanner.send({ type: 'code.changed', value: '  abc def ' });
    expect(snap().context.typed).toBe('  abc def ');
    scanner.send({ type: 'code.submitted' });
    expect(snap().value).toBe('claiming');
    await waitFor(scanner, (s) => s.matches('connected'));
    expect(claims).toEqual([{ short_code: 'abc def' }]);
    expect(snap().context.typed).toBe('');
  });

  it('takes a typed code while the camera runs (the camera stops)', async () => {
    const { scanner, camera } = run();
    scanner.send({ type: 'camera.started' });
    scanner.send({ type: 'code.changed', value: 'ABCDEF' });
    scanner.send({ type: 'code.submitted' });
    expect(camera.stopped).toBe(1);
    await waitFor(scanner, (s) => s.matches('connected'));
  });

  it('reads a photo of a code through the same decoder, and says so when it holds none', async () => {
    const { scanner, snap, claims } = run();
    scanner.send({ type: 'photo.chosen', file: new Blob(['png']) });
    expect(snap().value).toBe('readingPhoto');
    await waitFor(scanner, (s) => s.matches('connected'));
    expect(claims).toEqual([{ token: TOKEN }]);

    const none = run({ photo: () => Promise.resolve(null) });
    none.scanner.send({ type: 'photo.chosen', file: new Blob(['png']) });
    await waitFor(none.scanner, (s) => s.matches('failed'));
    expect(english(none.snap().context.error)).toBe(english(CONNECT_VIEW_WORDS.noCodeInPicture.message));
    expect(none.claims).toEqual([]);
  });

  it("shows the server's refusal as it is said, and Try again goes back to scanning", async () => {
    const { scanner, snap } = run({ claim: () => Promise.reject(refusedWith(410, CONNECT_WORDS.expired)) });
    scanner.send({ type: 'code.changed', value: 'ABCDEF' });
    scanner.send({ type: 'code.submitted' });
    await waitFor(scanner, (s) => s.matches('failed'));
    expect(english(snap().context.error)).toBe(english(CONNECT_WORDS.expired));
    scanner.send({ type: 'scan.again' });
    expect(snap().value).toBe('idle');
    expect(snap().context.error).toBeNull();
  });

  it('says calmly when the server could not be reached, and tells the parent a lost session', async () => {
    const offline = run({ claim: () => Promise.reject(new ApiError(0, null)) });
    offline.scanner.send({ type: 'photo.chosen', file: new Blob(['png']) });
    await waitFor(offline.scanner, (s) => s.matches('failed'));
    expect(english(offline.snap().context.error)).toBe(english(CONNECT_VIEW_WORDS.scanFailed.message));

    const gone = run({ claim: () => Promise.reject(new ApiError(401, 'Not signed in')) });
    gone.scanner.send({ type: 'photo.chosen', file: new Blob(['png']) });
    await waitFor(gone.scanner, (s) => s.matches('failed'));
    expect(gone.parentEvents).toContain('session.expired');
  });

  it('scans another code after connecting', async () => {
    const { scanner, snap } = run();
    scanner.send({ type: 'photo.chosen', file: new Blob(['png']) });
    await waitFor(scanner, (s) => s.matches('connected'));
    scanner.send({ type: 'scan.again' });
    expect(snap().value).toBe('idle');
    expect(snap().context.connection).toBeNull();
  });
});
