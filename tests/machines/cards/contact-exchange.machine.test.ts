/** contact-exchange: the fields of each type, sending, and the toast. */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { ExchangeType } from '../../../contract/constants';
import { MESSAGES } from '../../../contract/messages';
import type { ContactExchange } from '../../../contract/social';
import { ApiError } from '../../../machines/api/client';
import type { BusinessCard } from '../../../contract/plans';
import { EXCHANGE_FAILED, NOTHING_CHOSEN, contactData, contactExchangeMachine, contactExchangeToast } from '../../../machines/cards/contact-exchange.machine';
import { ada } from '../app.fakes';
import { sam } from '../connections.fakes';
import { asChild, flush } from '../discovery.fakes';
import { english } from '../../../contract/said';

type SendInput = { userId: string; toUser: string; eventId: string | null; exchangeType: ExchangeType; data: Record<string, string> };

function start(send: (i: SendInput) => Promise<unknown> = async () => ({ success: true }), ownCard: BusinessCard | null = null) {
  const sends = vi.fn(send);
  const machine = contactExchangeMachine.provide({
    actors: {
      sendExchange: fromPromise<{ success: true; exchange: ContactExchange }, SendInput>(({ input }) => sends(input) as never),
      loadOwnCard: fromPromise<BusinessCard | null, { userId: string }>(async () => ownCard),
    },
  });
  const t = asChild(machine, { user: ada, partner: sam, eventId: null });
  return { ...t, sends, snap: () => t.child.getSnapshot() };
}

describe('contactExchangeMachine', () => {
  it('sends the filled-in fields of the chosen type only, then says so', async () => {
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
      data: { instagram: '@ada' },
    });
    expect(t.received).toContainEqual({ type: 'toast.show', message: MESSAGES.contactExchangeSent, kind: 'success' });
    expect(t.snap().matches('sent')).toBe(true);
    // The details stay filled in, for another card.
    expect(t.snap().context.fields.instagram).toBe(' @ada ');
  });

  it('fills in the person\'s own details from their business card, so choosing the type is the one step (issue 39)', async () => {
    const card: BusinessCard = {
      name: 'Ada',
      title: '',
      company: 'Engines Ltd',
      email: 'ada@engines.example',
      phone: '+44 20 7946 0000',
      linkedin: 'https://linkedin.com/in/ada',
      website: '',
      bio: '',
    };
    const t = start(undefined, card);
    await flush();
    expect(t.snap().context.fields).toMatchObject({ email: 'ada@engines.example', phone: '+44 20 7946 0000', linkedin: 'https://linkedin.com/in/ada', company: 'Engines Ltd' });
    t.child.send({ type: 'exchange.typeChanged', exchangeType: 'business_card' });
    t.child.send({ type: 'exchange.submitted' });
    await flush();
    expect(t.sends).toHaveBeenCalledWith(
      expect.objectContaining({ exchangeType: 'business_card', data: { linkedin: 'https://linkedin.com/in/ada', company: 'Engines Ltd' } }),
    );
  });

  it('without a business card fills in the account email only', async () => {
    const t = start();
    await flush();
    expect(t.snap().context.fields).toMatchObject({ email: ada.email, phone: '', linkedin: '' });
  });

  it('sends the prefilled email in one step, and nothing while nothing of the type is filled in, saying so beside its first field', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'exchange.typeChanged', exchangeType: 'phone' });
    t.child.send({ type: 'exchange.submitted' });
    await flush();
    expect(t.sends).not.toHaveBeenCalled();
    expect(t.snap().context.errors).toEqual({ fields: { phone: NOTHING_CHOSEN }, form: null });
    // Filling it in clears what was said.
    t.child.send({ type: 'exchange.fieldChanged', field: 'phone', value: '+49 30 1' });
    expect(t.snap().context.errors.fields).toEqual({});
    t.child.send({ type: 'exchange.typeChanged', exchangeType: 'email' });
    t.child.send({ type: 'exchange.submitted' });
    await flush();
    expect(t.sends).toHaveBeenCalledWith(expect.objectContaining({ exchangeType: 'email', data: { email: ada.email } }));
  });

  it('an emptied field is not sent', () => {
    const fields = { instagram: '  ', twitter: '@t', linkedin: '', company: '', phone: '', email: '' };
    expect(contactData('social_media', fields)).toEqual({ twitter: '@t' });
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
    await flush();
    t.child.send({ type: 'exchange.submitted' });
    await flush();
    expect(t.snap().matches('editing')).toBe(true);
    expect(english(t.snap().context.errors)).toEqual(english({ fields: { email: 'Please fill in your email address.' }, form: null }));
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
    t.child.send({ type: 'exchange.fieldChanged', field: 'twitter', value: '@ada' });
    t.child.send({ type: 'exchange.submitted' });
    await flush();
    expect(english(t.snap().context.errors.fields)).toEqual(english({ instagram: 'Please fill in your Instagram handle or your Twitter handle.' }));
  });

  it('says a plain sentence when the server gives no reason', async () => {
    const t = start(async () => {
      throw new ApiError(0, null);
    });
    await flush();
    t.child.send({ type: 'exchange.submitted' });
    await flush();
    expect(t.snap().context.errors).toEqual({ fields: {}, form: EXCHANGE_FAILED });
  });

  it('words the toast the recipient sees', () => {
    expect(english(contactExchangeToast({ from_name: 'Sam', exchange_type: 'phone', contact_data: { phone: '+49 30 1234' } }))).toBe(english(
      'Sam shared their phone number (phone: +49 30 1234)',
    ));
  });
});
