/**
 * Issue 40 item 1: every date the API takes is a real instant between 1970 and 9999
 * (contract/common.ts InstantSchema). Year 0000, -4713, +10000 and JavaScript's own
 * limits once crashed event creation and history paging with "Invalid time value" or
 * PostgreSQL 22007/22009; each call now answers 400 with a detail naming the field,
 * while an ordinary date still passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { createEvent, eventBody, happeningNow } from '../discovery-helpers';
import { as, makeEvent, meet } from '../social-helpers';
import { connect } from '../media-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

/** Out of range or not a real instant at all; each once made a 500. */
const OUT_OF_RANGE = [
  '0000-01-01T00:00:00Z',
  '-004713-01-01T00:00:00Z',
  '+010000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '1969-12-31T23:59:59.999Z',
  '10000-01-01T00:00:00Z',
  '2026-02-31T10:00:00Z',
];
const IN_RANGE = '2026-12-01T10:00:00.000Z';

const detailOf = (r: { json(): unknown }) => (r.json() as { detail: string }).detail;

function expectRefused(res: { statusCode: number; json(): unknown }, field: string): void {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  expect(detailOf(res)).toMatch(new RegExp(`^${field}: must be a (date and time|date between 1970 and 9999|message id or an ISO date and time)`));
}

describe('POST /api/events', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await registerUser(t.app);
  });
  const create = (over: Record<string, unknown>) => as(t.app, owner).post(`/api/events?user_id=${owner.user.id}`, eventBody(t.clock, over));

  it.each(OUT_OF_RANGE)('refuses start_time %s with a 400 naming it', async (date) => {
    expectRefused(await create({ start_time: date }), 'start_time');
  });

  it.each(OUT_OF_RANGE)('refuses end_time %s with a 400 naming it', async (date) => {
    expectRefused(await create({ end_time: date }), 'end_time');
  });

  it('says the range in plain words', async () => {
    expect(detailOf(await create({ start_time: '+010000-01-01T00:00:00Z' }))).toBe('start_time: must be a date between 1970 and 9999');
  });

  it('takes an ordinary date', async () => {
    const res = await create({ start_time: IN_RANGE, end_time: '2026-12-01T12:00:00.000Z' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('PUT /api/events/{id}', () => {
  let owner: TestUser;
  let eventId: string;
  beforeAll(async () => {
    owner = await registerUser(t.app);
    eventId = (await createEvent(t, owner, happeningNow(t.clock))).id;
  });
  const update = (body: Record<string, unknown>) => as(t.app, owner).put(`/api/events/${eventId}?user_id=${owner.user.id}`, body);

  it.each(OUT_OF_RANGE)('refuses start_time %s with a 400 naming it', async (date) => {
    expectRefused(await update({ start_time: date }), 'start_time');
  });

  it.each(OUT_OF_RANGE)('refuses end_time %s with a 400 naming it', async (date) => {
    expectRefused(await update({ end_time: date }), 'end_time');
  });

  it('takes an ordinary date', async () => {
    const res = await update({ end_time: IN_RANGE });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('GET /api/chat/{id}?before=', () => {
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    a = await registerUser(t.app);
    b = await registerUser(t.app);
    await meet(t.database.db, a, b);
  });
  const history = (before: string) => as(t.app, a).get(`/api/chat/${b.user.id}?user_id=${a.user.id}&before=${encodeURIComponent(before)}`);

  it.each(OUT_OF_RANGE)('refuses before=%s with a 400 naming it', async (date) => {
    expectRefused(await history(date), 'before');
  });

  it('takes an ordinary date', async () => {
    const res = await history(IN_RANGE);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('GET /api/group-chats/{id}/messages?before=', () => {
  let a: TestUser;
  let chatId: string;
  beforeAll(async () => {
    a = await registerUser(t.app);
    chatId = (await makeEvent(t.database.db, [a.user.id])).chatId;
  });
  const history = (before: string) => as(t.app, a).get(`/api/group-chats/${chatId}/messages?user_id=${a.user.id}&before=${encodeURIComponent(before)}`);

  it.each(OUT_OF_RANGE)('refuses before=%s with a 400 naming it', async (date) => {
    expectRefused(await history(date), 'before');
  });

  it('takes an ordinary date', async () => {
    const res = await history(IN_RANGE);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the other dates the API takes', () => {
  it('PUT /api/users/status refuses a break until year 10000', async () => {
    const a = await registerUser(t.app);
    const res = await as(t.app, a).put(`/api/users/status?user_id=${a.user.id}`, { status: 'away', until: '+010000-01-01T00:00:00Z' });
    expectRefused(res, 'until');
  });

  it('POST /api/meetings refuses a start in year 0000', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id, b.user.id]);
    await connect(t.database.db, a.user.id, b.user.id, event.id);
    const res = await as(t.app, a).post(`/api/meetings?user_id=${a.user.id}`, {
      with_user_id: b.user.id,
      event_id: event.id,
      start_time: '0000-01-01T00:00:00Z',
      duration_minutes: 15,
      place: 'By the window',
    });
    expectRefused(res, 'start_time');
  });
});
