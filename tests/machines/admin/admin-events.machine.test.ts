import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import type { AdminEvent, AdminEventsAnswer } from '../../../contract/admin-events';
import { MESSAGES } from '../../../contract/messages';
import {
  EVENT_REASON_REQUIRED,
  adminEventMachine,
  eventOffers,
  eventStateText,
  moderationDone,
  type EventModeration,
} from '../../../machines/admin/admin-event.machine';
import { adminEventsMachine, selectEventsStatus } from '../../../machines/admin/admin-events.machine';
import type { PageQuery } from '../../../machines/api/admin';
import { ApiError } from '../../../machines/api/client';
import { adminEvent, hiddenEvent } from '../../model/admin-fixtures';

import { ADMIN_ID, underParent } from './admin.fakes';
import { english } from '../../../contract/said';

type Moderated = { event: AdminEvent | null; told: number };
type ModerationCall = { adminId: string; eventId: string; action: EventModeration; reason: string };

/** Does what the server would: hides or shows the event, or removes it, telling its three attendees. */
const serverLike = async (input: ModerationCall, event: AdminEvent): Promise<Moderated> => {
  if (input.action === 'remove') return { event: null, told: event.attendee_count };
  return {
    event: input.action === 'hide' ? hiddenEvent(event, input.reason) : { ...event, is_hidden: false, hidden_at: null, hidden_reason: null },
    told: input.action === 'hide' ? event.attendee_count : 0,
  };
};

function startRow(event: AdminEvent, moderate: (input: ModerationCall) => Promise<Moderated> = (input) => serverLike(input, event)) {
  const calls = { moderate: vi.fn(moderate), focus: vi.fn(() => {}) };
  const row = adminEventMachine.provide({
    actors: { moderate: fromPromise<Moderated, ModerationCall>(({ input }) => calls.moderate(input)) },
    actions: { focusError: () => calls.focus() },
  });
  return { ...underParent(row, { adminId: ADMIN_ID, event }), calls };
}

describe('adminEventMachine: one event', () => {
  it('offers Hide and Remove for a shown event, Show again and Remove for a hidden one', () => {
    const shown = startRow(adminEvent());
    expect(eventStateText(shown.snap())).toBe('Shown');
    expect(eventOffers(shown.snap())).toEqual({ hide: true, unhide: false, remove: true });
    const hidden = startRow(hiddenEvent(adminEvent(), 'Spam'));
    expect(eventStateText(hidden.snap())).toBe('Hidden');
    expect(eventOffers(hidden.snap())).toEqual({ hide: false, unhide: true, remove: true });
    hidden.ref.send({ type: 'hide.requested' });
    expect(hidden.snap().matches('hidden')).toBe(true);
  });

  it('asks for a reason before hiding, then hides with it and says how many attendees were told', async () => {
    const r = startRow(adminEvent());
    r.ref.send({ type: 'hide.requested' });
    expect(eventOffers(r.snap())).toEqual({ hide: false, unhide: false, remove: false });
    r.ref.send({ type: 'moderation.submitted' });
    expect(r.snap().context.errors).toEqual({ fields: { reason: EVENT_REASON_REQUIRED }, form: null });
    expect(r.calls.focus).toHaveBeenCalledTimes(1);
    expect(r.calls.moderate).not.toHaveBeenCalled();
    r.ref.send({ type: 'moderation.reasonChanged', value: ' Spam event ' });
    expect(r.snap().context.errors.fields).toEqual({});
    r.ref.send({ type: 'moderation.submitted' });
    expect(r.snap().matches('working')).toBe(true);
    await waitFor(r.ref, (s) => s.matches('hidden'));
    expect(r.calls.moderate).toHaveBeenCalledWith({ adminId: ADMIN_ID, eventId: adminEvent().id, action: 'hide', reason: 'Spam event' });
    expect(r.snap().context.event.hidden_reason).toBe('Spam event');
    expect(english(r.told)).toEqual(english([{ type: 'row.succeeded', message: 'Event hidden; 3 attendees were told' }]));
  });

  it('shows a hidden event again', async () => {
    const r = startRow(hiddenEvent(adminEvent(), 'Spam'));
    r.ref.send({ type: 'unhide.requested' });
    r.ref.send({ type: 'moderation.reasonChanged', value: 'Checked with the host' });
    r.ref.send({ type: 'moderation.submitted' });
    await waitFor(r.ref, (s) => s.matches('shown'));
    expect(english(r.told)).toEqual(english([{ type: 'row.succeeded', message: 'Event shown again' }]));
  });

  it('removes an event for good: the row stays, saying so, with nothing more to offer', async () => {
    const r = startRow(adminEvent(1, { attendee_count: 0 }));
    r.ref.send({ type: 'remove.requested' });
    expect(r.snap().context.action).toBe('remove');
    r.ref.send({ type: 'moderation.reasonChanged', value: 'The host asked' });
    r.ref.send({ type: 'moderation.submitted' });
    await waitFor(r.ref, (s) => s.matches('removed'));
    expect(eventStateText(r.snap())).toBe('Removed');
    expect(eventOffers(r.snap())).toEqual({ hide: false, unhide: false, remove: false });
    expect(english(r.told)).toEqual(english([{ type: 'row.succeeded', message: 'Event removed; it had no attendees to tell' }]));
  });

  it('goes back as it was on Cancel', () => {
    const r = startRow(hiddenEvent(adminEvent(), 'Spam'));
    r.ref.send({ type: 'remove.requested' });
    r.ref.send({ type: 'moderation.cancelled' });
    expect(r.snap().matches('hidden')).toBe(true);
  });

  it.each([
    [new ApiError(409, 'This event is hidden already'), { fields: {}, form: 'This event is hidden already' }],
    [new ApiError(500, null), { fields: {}, form: 'Failed to hide event' }],
  ])('keeps the form open with what went wrong (%s)', async (error, shown) => {
    const r = startRow(adminEvent(), async () => {
      throw error;
    });
    r.ref.send({ type: 'hide.requested' });
    r.ref.send({ type: 'moderation.reasonChanged', value: 'Spam' });
    r.ref.send({ type: 'moderation.submitted' });
    await waitFor(r.ref, (s) => s.matches('editing') && r.calls.moderate.mock.calls.length === 1);
    expect(english(r.snap().context.errors)).toEqual(english(shown));
    expect(r.snap().context.reason).toBe('Spam');
    expect(r.told).toEqual([]);
  });

  it('tells the parent when the admin session is gone', async () => {
    const r = startRow(adminEvent(), async () => {
      throw new ApiError(401, 'You need to be signed in as an admin to do that');
    });
    r.ref.send({ type: 'remove.requested' });
    r.ref.send({ type: 'moderation.reasonChanged', value: 'Spam' });
    r.ref.send({ type: 'moderation.submitted' });
    await waitFor(r.ref, () => r.told.length > 0);
    expect(english(r.told)).toEqual(english([{ type: 'row.failed', message: 'Failed to remove event', unauthorized: true }]));
  });

  it('words what was done and who was told', () => {
    expect(english(moderationDone('hide', 1))).toBe(english('Event hidden; 1 attendee was told'));
    expect(english(moderationDone('remove', 12))).toBe('Event removed; 12 attendees were told');
    expect(english(moderationDone('unhide', 0))).toBe('Event shown again');
  });
});

const pageOf = (q: PageQuery, total: number): AdminEventsAnswer => ({
  events: Array.from({ length: Math.min(q.limit, Math.max(0, total - (q.page - 1) * q.limit)) }, (_, i) => adminEvent((q.page - 1) * q.limit + i + 1)),
  total,
  page: q.page,
  limit: q.limit,
});

function startScreen(load: (q: PageQuery) => Promise<AdminEventsAnswer>) {
  const calls = { load: vi.fn(load) };
  const screen = adminEventsMachine.provide({
    actors: {
      loadEvents: fromPromise<AdminEventsAnswer, { adminId: string; query: PageQuery }>(({ input }) => calls.load(input.query)),
      eventRow: adminEventMachine.provide({
        actors: { moderate: fromPromise<Moderated, ModerationCall>(async () => ({ event: null, told: 2 })) },
      }),
    },
  });
  const child = underParent(screen, { adminId: ADMIN_ID });
  return { ...child, calls, ready: () => waitFor(child.ref, (s) => s.matches('ready')) };
}

describe('adminEventsMachine: the Events screen', () => {
  it('loads page 1 of 20 with a chart per event, and pages within 1..last', async () => {
    const s = startScreen(async (q) => pageOf(q, 25));
    expect(selectEventsStatus(s.snap())).toBe('loading');
    await s.ready();
    expect(s.calls.load).toHaveBeenCalledWith({ page: 1, limit: 20 });
    expect(s.snap().context.rows).toHaveLength(20);
    const old = s.snap().context.rows;
    s.ref.send({ type: 'events.previousPage' });
    s.ref.send({ type: 'events.nextPage' });
    await s.ready();
    expect(s.calls.load).toHaveBeenLastCalledWith({ page: 2, limit: 20 });
    expect(s.snap().context.rows).toHaveLength(5);
    expect(old.every((r) => r.ref.getSnapshot().status === 'stopped')).toBe(true);
    s.ref.send({ type: 'events.nextPage' });
    s.ref.send({ type: 'events.previousPage' });
    await s.ready();
    expect(s.calls.load).toHaveBeenCalledTimes(3);
  });

  it('passes what a row reports on to the admin chart', async () => {
    const s = startScreen(async (q) => pageOf(q, 1));
    await s.ready();
    const row = s.snap().context.rows[0]!.ref;
    row.send({ type: 'remove.requested' });
    row.send({ type: 'moderation.reasonChanged', value: 'Spam' });
    row.send({ type: 'moderation.submitted' });
    await waitFor(row, (r) => r.matches('removed'));
    expect(english(s.told)).toEqual(english([{ type: 'row.succeeded', message: 'Event removed; 2 attendees were told' }]));
  });

  it('says it could not load and tries again; a lost session goes to the admin chart', async () => {
    const s = startScreen(async () => {
      throw new ApiError(503, null);
    });
    await waitFor(s.ref, (x) => x.matches('failed'));
    s.calls.load.mockImplementationOnce(async () => {
      throw new ApiError(401, 'You need to be signed in as an admin to do that');
    });
    s.ref.send({ type: 'view.reloaded' });
    await waitFor(s.ref, () => s.told.length > 0);
    expect(s.told).toEqual([{ type: 'row.failed', message: MESSAGES.adminUserNotLoaded, unauthorized: true }]);
  });
});
