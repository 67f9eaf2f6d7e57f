/** attendees: the list, a connection-request chart per card, reloads that keep the charts. */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { ConnectionStatus } from '../../../contract/constants';
import { MESSAGES } from '../../../contract/messages';
import type { AttendeeWithPhoto, ConnectionRequestAnswer } from '../../../contract/social';
import { ApiError } from '../../../machines/api/client';
import { ATTENDEES_PAGE, attendeesMachine, selectAttendeesStatus } from '../../../machines/event/attendees.machine';
import { connectionRequestMachine, selectConnectionButton } from '../../../machines/people/connection-request.machine';
import { ada } from '../app.fakes';
import { sam, sampleAttendee } from '../connections.fakes';
import { asChild, flush, sampleEvent, samplePerson } from '../discovery.fakes';

const event = sampleEvent({ is_attending: true });
type Page = { userId: string; eventId: string; offset: number };

function start(load: (p: Page) => Promise<AttendeeWithPhoto[]>, send: () => Promise<ConnectionRequestAnswer> = async () => ({ success: true, status: 'request_sent' })) {
  const loads = vi.fn(load);
  const machine = attendeesMachine.provide({
    actors: {
      loadAttendees: fromPromise<AttendeeWithPhoto[], Page>(({ input }) => loads(input)),
      connectionRequest: connectionRequestMachine.provide({ actors: { sendRequest: fromPromise(() => send()) } }),
    },
  });
  const t = asChild(machine, { user: ada, event });
  const snap = () => t.child.getSnapshot();
  const buttons = () => snap().context.slots.map((s) => selectConnectionButton(s.connection.getSnapshot()));
  return { ...t, loads, snap, buttons };
}

const statuses: ConnectionStatus[] = ['connected', 'request_sent', 'request_received', 'none'];

describe('attendeesMachine', () => {
  it("gives each attendee a card whose button follows its connection_status", async () => {
    const people = statuses.map((s) => sampleAttendee(samplePerson(), s));
    const t = start(async () => people);
    expect(selectAttendeesStatus(t.snap())).toBe('loading');
    await flush();
    expect(t.loads).toHaveBeenCalledWith({ userId: ada.id, eventId: event.id, offset: 0 });
    expect(t.buttons()).toEqual(['chat', 'requestSent', 'checkRequest', 'connect']);
  });

  it("says 'Failed to load event attendees' when the list cannot load", async () => {
    const t = start(async () => {
      throw new ApiError(403, 'You need to join this event first');
    });
    await flush();
    expect(selectAttendeesStatus(t.snap())).toBe('failed');
    expect(t.received).toEqual([{ type: 'error.show', message: MESSAGES.failedLoadEventAttendees }]);
  });

  it("passes a card's toast to the root", async () => {
    const t = start(async () => [sampleAttendee(sam)]);
    await flush();
    const card = t.snap().context.slots[0]!.connection;
    card.send({ type: 'connection.composeOpened' });
    card.send({ type: 'connection.submitted' });
    await flush();
    expect(t.received).toEqual([{ type: 'toast.show', message: MESSAGES.connectionRequestSent, kind: 'success' }]);
  });

  it('keeps the cards of people still there on a reload (an open composer stays open) and corrects their status', async () => {
    const other = sampleAttendee(samplePerson());
    const answers = [[sampleAttendee(sam), other], [sampleAttendee(sam, 'request_received')]];
    const t = start(async () => answers.shift()!);
    await flush();
    const samCard = t.snap().context.slots[0]!.connection;
    const otherCard = t.snap().context.slots[1]!.connection;
    t.child.send({ type: 'attendees.reloaded' });
    await flush();
    expect(t.snap().context.slots.map((s) => s.connection)).toEqual([samCard]);
    expect(samCard.getSnapshot().matches('request_received')).toBe(true);
    expect(otherCard.getSnapshot().status).toBe('stopped');
  });

  it('loads more when a page was full', async () => {
    const first = Array.from({ length: ATTENDEES_PAGE }, () => sampleAttendee(samplePerson()));
    const rest = [sampleAttendee(samplePerson())];
    const t = start(async (p) => (p.offset === 0 ? first : rest));
    await flush();
    expect(t.snap().context.hasMore).toBe(true);
    t.child.send({ type: 'attendees.moreRequested' });
    await flush();
    expect(t.loads).toHaveBeenLastCalledWith({ userId: ada.id, eventId: event.id, offset: ATTENDEES_PAGE });
    expect(t.snap().context.slots).toHaveLength(ATTENDEES_PAGE + 1);
    expect(t.snap().context.hasMore).toBe(false);
  });
});
