/**
 * Links people store for others to open (contact details, business cards) are handles or
 * http(s) addresses, never `javascript:` or any other scheme (contract/text.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLE_OR_WEB_ADDRESS_MESSAGE, WEB_ADDRESS_MESSAGE } from '../../contract/text';
import { registerUser, testApp, type TestApp, type TestUser } from './helpers';
import { as, makeEvent } from './social-helpers';
import { refusalOf, atField } from '../../contract/said';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

async function pair(): Promise<[TestUser, TestUser]> {
  const a = await registerUser(t.app);
  const b = await registerUser(t.app);
  await makeEvent(t.database.db, [a.user.id, b.user.id]);
  return [a, b];
}

const exchange = (from: TestUser, to: TestUser, exchange_type: string, contact_data: Record<string, string>) =>
  as(t.app, from).post(`/api/contact-exchange?user_id=${from.user.id}`, { to_user: to.user.id, exchange_type, contact_data });

describe('POST /api/contact-exchange', () => {
  it.each([
    ['social_media', 'twitter', 'javascript:alert(7)'],
    ['social_media', 'instagram', 'JavaScript:alert(document.cookie)'],
    ['social_media', 'twitter', 'data:text/html,<script>alert(7)</script>'],
    ['business_card', 'linkedin', 'vbscript:msgbox(7)'],
  ])('refuses %s %s %s with a 400 naming the field', async (type, field, value) => {
    const [a, b] = await pair();
    const res = await exchange(a, b, type, { [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusalOf(atField({ field: `contact_data.${field}`, sentence: HANDLE_OR_WEB_ADDRESS_MESSAGE })));
  });

  it('still takes handles and http(s) addresses', async () => {
    const [a, b] = await pair();
    const social = await exchange(a, b, 'social_media', { twitter: '@maya', instagram: 'https://instagram.com/maya' });
    expect(social.statusCode).toBe(200);
    const card = await exchange(a, b, 'business_card', { linkedin: 'linkedin.com/in/maya', company: 'Clay: the studio' });
    expect(card.statusCode).toBe(200);
  });
});

describe('PUT /api/business-card', () => {
  it.each(['linkedin', 'website'])('refuses javascript: in %s', async (field) => {
    const me = await registerUser(t.app);
    const res = await as(t.app, me).put(`/api/business-card?user_id=${me.user.id}`, { [field]: 'javascript:alert(7)' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusalOf(atField({ field, sentence: WEB_ADDRESS_MESSAGE })));
  });
});
