/**
 * Issue 19 on the real app, the network answered by msw: "Connect by code" shows my code
 * (QR image and short code), connects by a typed code, says the server's refusals calmly
 * with Try again, and tells live when someone connected by my code.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ws } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECT_VIEW_WORDS as WORDS_SAID, CONNECT_WORDS, connectedWith as connectedWith_SAID } from '../../contract/connect-words';
import { ConnectCodeSchema, ConnectScanAnswerSchema, type ConnectScanBody } from '../../contract/connect';
import type { Connection } from '../../contract/social';
import { appMachine } from '../../machines/app.machine';
import { answer, quietServer, renderModelApp, signIn } from '../model/app';
import { sam } from '../model/fixtures';
import { english } from '../../contract/said';
import { refusalOf } from '../../contract/said';

const WORDS = english(WORDS_SAID);
const connectedWith = english(connectedWith_SAID);

// jsdom draws no canvas: the QR library's drawing is stood in for (the e2e test draws and reads real ones).
vi.mock('../../machines/connect/qr-libs', () => ({
  qrDataUrl: async (text: string) => `data:image/png;base64,${btoa(text)}`,
  readQrPixels: () => null,
}));

const samConnection: Connection = {
  id: 'c0000000-0000-4000-8000-000000000001',
  connected_user: { id: sam.id, name: sam.name, username: 'sam', occupation: sam.occupation, interests: sam.interests, photo_data: null },
  shared_interests: ['hiking'],
  event_id: null,
  connection_type: 'qr',
  created_at: '2030-05-01T18:00:00.000Z',
};

let codes = 0;
let scans: ConnectScanBody[] = [];
let refusal: { status: number; detail: string } | null = null;
let liveClient: { send: (data: string) => void } | null = null;

quietServer(() => [
  http.get('*/api/connect/code', () => {
    codes += 1;
    return answer(ConnectCodeSchema, {
      token: `nonce${codes}nonce${codes}nonce.signature${codes}signature${codes}`,
      short_code: codes === 1 ? 'ABCDEF' : 'GHJKLM',
      expires_at: '2030-05-01T18:01:00.000Z',
    });
  }),
  http.post('*/api/connect/scan', async ({ request }) => {
    scans.push((await request.json()) as ConnectScanBody);
    if (refusal) return HttpResponse.json({ detail: refusal.detail }, { status: refusal.status });
    return answer(ConnectScanAnswerSchema, { success: true, connection: samConnection });
  }),
  http.get('*/api/chat/:otherUserId/partner', () => HttpResponse.json({ ...sam, can_message: true })),
  ws.link(/\/ws\//).addEventListener('connection', ({ client }) => {
    liveClient = client;
  }),
]);

afterEach(() => {
  codes = 0;
  scans = [];
  refusal = null;
  liveClient = null;
});

async function openConnect() {
  const app = renderModelApp(appMachine, () => {});
  await signIn(app.actor);
  await screen.findByRole('heading', { name: 'Events' });
  act(() => app.actor.send({ type: 'view.opened', view: 'connect' }));
  await screen.findByRole('heading', { name: WORDS.title, level: 1 });
  return app;
}

const myCode = () => screen.getByRole('region', { name: WORDS.myCode });
const scanner = () => screen.getByRole('region', { name: WORDS.scanTitle });

describe('Connect by code', () => {
  it('shows my code as a QR image and a short code to type, with the calm line, at /connect', async () => {
    await openConnect();
    const img = await within(myCode()).findByRole('img', { name: WORDS.qrAlt });
    expect(img.getAttribute('src')).toBe(`data:image/png;base64,${btoa('nonce1nonce1nonce.signature1signature1')}`);
    expect(within(myCode()).getByText(WORDS.showLine)).toBeInTheDocument();
    expect(within(myCode()).getByLabelText('Your short code: A B C D E F')).toHaveTextContent('ABC DEF');
    expect(window.location.pathname).toBe('/connect');
    // The typed way is always offered, beside the camera and a photo.
    expect(within(scanner()).getByRole('button', { name: WORDS.useCamera })).toBeInTheDocument();
    expect(within(scanner()).getByLabelText(WORDS.choosePhoto)).toHaveAttribute('accept', 'image/*');
    expect(within(scanner()).getByRole('textbox', { name: WORDS.typeInstead })).toBeInTheDocument();
  });

  it('connects by a typed code, says with whom, and opens the chat with them', async () => {
    const user = userEvent.setup();
    const app = await openConnect();
    const connect = within(scanner()).getByRole('button', { name: WORDS.connectButton });
    expect(connect).toBeDisabled();
    await user.type(within(scanner()).getByRole('textbox', { name: WORDS.typeInstead }), 'abc def');
    await user.click(connect);
    expect(await within(scanner()).findByText(connectedWith({ name: sam.name }))).toBeInTheDocument();
    expect(scans).toEqual([{ short_code: 'abc def' }]);
    // Told in the scanner only, not again under my code.
    expect(within(myCode()).queryByText(connectedWith({ name: sam.name }))).not.toBeInTheDocument();
    await user.click(within(scanner()).getByRole('button', { name: `Chat with ${sam.name}` }));
    await screen.findByRole('heading', { name: `Chat with ${sam.name}` });
    expect(app.actor.getSnapshot().context.partner?.id).toBe(sam.id);
  });

  it("says the server's refusal as it is, and Try again clears it", async () => {
    refusal = { status: 410, ...refusalOf(CONNECT_WORDS.expired) };
    const user = userEvent.setup();
    await openConnect();
    await user.type(within(scanner()).getByRole('textbox', { name: WORDS.typeInstead }), 'ABCDEF');
    await user.click(within(scanner()).getByRole('button', { name: WORDS.connectButton }));
    expect(await within(scanner()).findByRole('alert')).toHaveTextContent(CONNECT_WORDS.expired.message);
    await user.click(within(scanner()).getByRole('button', { name: WORDS.tryAgain }));
    expect(within(scanner()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says calmly when a photo holds no code it can read", async () => {
    const user = userEvent.setup();
    await openConnect();
    await user.upload(within(scanner()).getByLabelText(WORDS.choosePhoto), new File(['not a picture'], 'code.png', { type: 'image/png' }));
    expect(await within(scanner()).findByRole('alert')).toHaveTextContent(WORDS.noCodeInPicture);
    expect(scans).toEqual([]);
  });

  it('tells live when someone connected by my code, and shows a fresh code', async () => {
    await openConnect();
    await within(myCode()).findByLabelText('Your short code: A B C D E F');
    await waitFor(() => expect(liveClient).not.toBeNull());
    act(() => liveClient!.send(JSON.stringify({ type: 'connection_accepted', connection: samConnection })));
    expect(await within(myCode()).findByText(connectedWith({ name: sam.name }))).toBeInTheDocument();
    expect(await within(myCode()).findByLabelText('Your short code: G H J K L M')).toBeInTheDocument();
    await userEvent.setup().click(within(myCode()).getByRole('button', { name: WORDS.dismiss }));
    expect(within(myCode()).queryByText(connectedWith({ name: sam.name }))).not.toBeInTheDocument();
  });
});
