/** contact-exchange: the fields of each type, sending, and the toast. */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { ExchangeType } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import type { ContactExchange } from '../../contract/social';
import { ApiError } from '../../machines/api/client';
import { EXCHANGE_FAILED, contactData, contactExchangeMachine, contactExchangeToast } from '../../machines/contact-exchange.machine';
import { ada } from './app.fakes';
import { sam } from './connections.fakes';
import { asChild, flush } from './discovery.fakes';

type SendInput = { userId: string; toUser: string; eventId: string | null; exchangeType: ExchangeType; data: Record<string, string> };

function start(send: (i: SendInput) => Promise<unknown> = async () => ({ success: true })) {
  const sends = vi.fn(send);
  const machine = contactExchangeMachine.provide({
    actors: { sendExchange: fromPromise<{ success: true; exchange: ContactExchange }, SendInput>(({ input }) => sends(input) as never) },
  });
  const t = asChild(machine, { user: ada, partner: sam, eventId: null });
  return { ...t, sends, snap: () => t.child.getSnapshot() };
}

describe('contactExchangeMachine', () => {
  it('sends only the fields of the chosen type, then says so and empties the form', async () => {
    const t = start();
    t.child.send({ type: 'exchange.fieldChanged', field: 'email', value: 'ada@example.org' });
    t.child.send({ type: 'exchange.typeChanged', exchangeType: 'social_media' });
    t.child.send({ type: 'exchange.fieldChanged', field: 'instagram', value: ' @ada ' });
    t.child.send({ type: 'exchange.submitted' });
    await flush();
    expect(t.sends).toHaveBeenCalledWith({
      userId: ada.id,
      toUser: sam.id,
      eventId: null,
      exchangeType: 'social_media',
      data: { instagram: '@ada', twitter: '' },
    });
    expect(t.received).toContainEqual({ type: 'toast.show', message: MESSAGES.contactExchangeSent, kind: 'success' });
    expect(t.snap().matches('sent')).toBe(true);
    expect(t.snap().context.fields.instagram).toBe('');
  });

  it.each([
    ['social_media', ['instagram', 'twitter']],
    ['business_card', ['linkedin', 'company']],
    ['phone', ['phone']],
    ['email', ['email']],
  ] as const)('%s sends %j', (type, keys) => {
    const fields = { instagram: 'i', twitter: 't', linkedin: 'l', company: 'c', phone: 'p', email: 'e' };
    expect(Object.keys(contactData(type, fields))).toEqual(keys);
  });

  it('keeps the draft and says what to fill in beside the field, in plain words', async () => {
    const t = start(async () => {
      throw new ApiError(400, 'contact_data: needs at least one of email');
    });
    t.child.send({ type: 'exchange.submitted' });
    await flush();
    expect(t.snap().matches('editing')).toBe(true);
    expect(t.snap().context.errors).toEqual({ fields: { email: 'Please fill in your email address.' }, form: null });
    expect(t.received.filter((e) => e.type === 'error.show')).toEqual([]);
    // Another type names its own first field; a type change clears what was said.
    t.child.send({ type: 'exchange.typeChanged', exchangeType: 'social_media' });
    expect(t.snap().context.errors).toEqual({ fields: {}, form: null });
  });

  it('names each detail the server refuses beside it', async () => {
    const t = start(async () => {
      throw new ApiError(400, 'contact_data: needs at least one of instagram, twitter');
    });
    t.child.send({ type: 'exchange.typeChanged', exchangeType: 'social_media' });
    t.child.send({ type: 'exchange.submitted' });
    await flush();
    expect(t.snap().context.errors.fields).toEqual({ instagram: 'Please fill in your Instagram handle or your Twitter handle.' });
  });

  it('says a plain sentence when the server gives no reason', async () => {
    const t = start(async () => {
      throw new ApiError(0, null);
    });
    t.child.send({ type: 'exchange.submitted' });
    await flush();
    expect(t.snap().context.errors).toEqual({ fields: {}, form: EXCHANGE_FAILED });
  });

  it('words the toast the recipient sees', () => {
    expect(contactExchangeToast({ from_name: 'Sam', exchange_type: 'phone', contact_data: { phone: '+49 30 1234' } })).toBe(
      'Sam shared their phone number (phone: +49 30 1234)',
    );
  });
});
