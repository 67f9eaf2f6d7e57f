/** SPEC 4 "Connection status": none, request_sent, request_received, connected, with SPEC 8's messages. */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { ConnectionStatus } from '../../../contract/constants';
import { MESSAGES } from '../../../contract/messages';
import type { ConnectionRequestAnswer } from '../../../contract/social';
import { ApiError } from '../../../machines/api/client';
import {
  connectionRequestMachine,
  selectComposerOpen,
  selectConnectionButton,
} from '../../../machines/people/connection-request.machine';
import { ada } from '../app.fakes';
import { asChild, deferred, flush } from '../discovery.fakes';
import { english } from '../../../contract/said';

const sam = { id: 'a0000000-0000-4000-8000-0000000000aa', name: 'Sam Reed' };
const eventId = 'e0000000-0000-4000-8000-000000000001';

type SendInput = { userId: string; otherId: string; eventId: string | null; message: string };

function start(status: ConnectionStatus = 'none', send: (i: SendInput) => Promise<ConnectionRequestAnswer> = async () => ({ success: true, status: 'request_sent' })) {
  const sends = vi.fn(send);
  const machine = connectionRequestMachine.provide({
    actors: { sendRequest: fromPromise<ConnectionRequestAnswer, SendInput>(({ input }) => sends(input)) },
  });
  const t = asChild(machine, { userId: ada.id, otherId: sam.id, otherName: sam.name, eventId, status });
  const snap = () => t.child.getSnapshot();
  const toasts = () => t.received.filter((e) => e.type === 'toast.show').map((e) => (e as unknown as { message: string }).message);
  return { ...t, sends, snap, toasts, button: () => selectConnectionButton(snap()) };
}

describe('connectionRequestMachine: where it starts', () => {
  it.each([
    ['none', 'connect'],
    ['request_sent', 'requestSent'],
    ['request_received', 'checkRequest'],
    ['connected', 'chat'],
    ['request_lapsed', 'noAnswer'],
  ] as const)('starts in %s, whose card offers %s', (status, button) => {
    const t = start(status);
    expect(t.snap().matches(status)).toBe(true);
    expect(t.snap().context.status).toBe(status);
    expect(t.button()).toBe(button);
  });
});

describe('connectionRequestMachine: a lapsed request (issue 18)', () => {
  it('offers no second request, and follows a reload or their own request', () => {
    const t = start('request_sent');
    t.child.send({ type: 'connection.statusLoaded', status: 'request_lapsed' });
    expect(t.button()).toBe('noAnswer');
    t.child.send({ type: 'connection.composeOpened' });
    expect(selectComposerOpen(t.snap())).toBe(false);
    t.child.send({ type: 'connection.requestReceived' });
    expect(t.button()).toBe('checkRequest');
  });
});

describe('connectionRequestMachine: none becomes request_sent when the sender asks', () => {
  it('opens the composer, sends the note, and says so discreetly', async () => {
    const t = start();
    t.child.send({ type: 'connection.composeOpened' });
    expect(selectComposerOpen(t.snap())).toBe(true);
    t.child.send({ type: 'connection.messageChanged', message: 'Loved your talk on gardens' });
    t.child.send({ type: 'connection.submitted' });
    expect(t.button()).toBe('sending');
    await flush();
    expect(t.sends).toHaveBeenCalledWith({ userId: ada.id, otherId: sam.id, eventId, message: 'Loved your talk on gardens' });
    expect(t.snap().matches('request_sent')).toBe(true);
    expect(t.snap().context).toMatchObject({ status: 'request_sent', message: '', error: null });
    expect(selectComposerOpen(t.snap())).toBe(false);
    expect(t.toasts()).toEqual([MESSAGES.connectionRequestSent]);
  });

  it('sends without a note: the message is optional (SPEC 5)', async () => {
    const t = start();
    t.child.send({ type: 'connection.composeOpened' });
    t.child.send({ type: 'connection.submitted' });
    await flush();
    expect(t.sends).toHaveBeenCalledWith(expect.objectContaining({ message: '' }));
    expect(t.snap().matches('request_sent')).toBe(true);
  });

  it('connects at once when the other had already asked (mutual interest)', async () => {
    const t = start('none', async () => ({ success: true, status: 'connected' }));
    t.child.send({ type: 'connection.composeOpened' });
    t.child.send({ type: 'connection.submitted' });
    await flush();
    expect(t.snap().matches('connected')).toBe(true);
    expect(t.button()).toBe('chat');
    expect(t.toasts()).toEqual([MESSAGES.connectionAccepted]);
  });

  it('keeps the composer and the note open with the server detail on a refusal', async () => {
    const detail = 'You have 5 requests waiting for an answer at this event. Give people a little time before sending more.';
    const t = start('none', async () => {
      throw new ApiError(429, detail);
    });
    t.child.send({ type: 'connection.composeOpened' });
    t.child.send({ type: 'connection.messageChanged', message: 'Hello' });
    t.child.send({ type: 'connection.submitted' });
    await flush();
    expect(t.snap().matches({ none: 'composing' })).toBe(true);
    expect(english(t.snap().context)).toMatchObject(english({ status: 'none', message: 'Hello', error: detail }));
    expect(t.toasts()).toEqual([]);
  });

  it("says 'Failed to send connection request' when the server gives no detail", async () => {
    const t = start('none', async () => {
      throw new ApiError(0, null);
    });
    t.child.send({ type: 'connection.composeOpened' });
    t.child.send({ type: 'connection.submitted' });
    await flush();
    expect(t.snap().context.error).toBe(MESSAGES.failedSendConnectionRequest);
  });

  it('clears the error and the note when the composer is cancelled and opened again', async () => {
    const t = start('none', async () => {
      throw new ApiError(500, null);
    });
    t.child.send({ type: 'connection.composeOpened' });
    t.child.send({ type: 'connection.messageChanged', message: 'Hi' });
    t.child.send({ type: 'connection.submitted' });
    await flush();
    t.child.send({ type: 'connection.composeCancelled' });
    expect(t.snap().matches({ none: 'idle' })).toBe(true);
    t.child.send({ type: 'connection.composeOpened' });
    expect(t.snap().context).toMatchObject({ message: '', error: null });
  });

  it('tells the list when the session is gone', async () => {
    const t = start('none', async () => {
      throw new ApiError(401, 'Not signed in');
    });
    t.child.send({ type: 'connection.composeOpened' });
    t.child.send({ type: 'connection.submitted' });
    await flush();
    expect(t.types()).toEqual(['session.expired']);
  });

  it('sends nothing twice while a send is on its way', async () => {
    const answer = deferred<ConnectionRequestAnswer>();
    const t = start('none', () => answer.promise);
    t.child.send({ type: 'connection.composeOpened' });
    t.child.send({ type: 'connection.submitted' });
    t.child.send({ type: 'connection.submitted' });
    t.child.send({ type: 'connection.composeOpened' });
    answer.resolve({ success: true, status: 'request_sent' });
    await flush();
    expect(t.sends).toHaveBeenCalledTimes(1);
    expect(t.snap().matches('request_sent')).toBe(true);
  });
});

describe('connectionRequestMachine: the recipient, accept and decline', () => {
  it('moves none to request_received when the other asks (live)', () => {
    const t = start();
    t.child.send({ type: 'connection.requestReceived' });
    expect(t.snap().matches('request_received')).toBe(true);
    expect(t.button()).toBe('checkRequest');
  });

  it('moves request_received to connected on accept', () => {
    const t = start('request_received');
    t.child.send({ type: 'connection.accepted' });
    expect(t.snap().matches('connected')).toBe(true);
  });

  it('moves the sender from request_sent to connected when accepted (live)', () => {
    const t = start('request_sent');
    t.child.send({ type: 'connection.accepted' });
    expect(t.snap().matches('connected')).toBe(true);
  });

  it('lets a declined request vanish for the recipient', () => {
    const t = start('request_received');
    t.child.send({ type: 'connection.declined' });
    expect(t.snap().matches('none')).toBe(true);
    expect(t.button()).toBe('connect');
  });

  it('never tells the sender of a decline: request_sent stays', () => {
    const t = start('request_sent');
    t.child.send({ type: 'connection.declined' });
    t.child.send({ type: 'connection.composeOpened' });
    expect(t.snap().matches('request_sent')).toBe(true);
    expect(t.button()).toBe('requestSent');
  });

  it('follows a fresh status from the server, and leaves an open composer alone when nothing changed', () => {
    const t = start();
    t.child.send({ type: 'connection.composeOpened' });
    t.child.send({ type: 'connection.statusLoaded', status: 'none' });
    expect(t.snap().matches({ none: 'composing' })).toBe(true);
    t.child.send({ type: 'connection.statusLoaded', status: 'connected' });
    expect(t.snap().matches('connected')).toBe(true);
  });
});
