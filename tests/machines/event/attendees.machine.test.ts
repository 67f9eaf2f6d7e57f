/** attendees: the list, a connection-request chart per card, reloads that keep the charts. */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { ConnectionStatus } from '../../../contract/constants';
import { MESSAGES } from '../../../contract/messages';
import type { AttendeeWithPhoto, ConnectionRequestAnswer } from '../../../contract/social';
import { ApiError } from '../../../machines/api/client';
import { ATTENDEES_PAGE, attendeesMachine, selectAttendeesStatus } from '../../../machines/event/attendees.machine';
import { connectionRequestMachine, selectConnectionButton } from '../../../machines/people/connection-request.machine';
import { personBlockMachine } from '../../../machines/safety/person-block.machine';
import { blockFailedMessage } from '../../../machines/safety/block';
import { ada } from '../app.fakes';
import { sam, sampleAttendee } from '../connections.fakes';
import { asChild, flush, sampleEvent, samplePerson } from '../discovery.fakes';

const event = sampleEvent({ is_attending: true });
type Page = { userId: string; eventId: string; offset: number };

function start(
  load: (p: Page) => Promise<AttendeeWithPhoto[]>,
  send: () => Promise<ConnectionRequestAnswer> = async () => ({ success: true, status: 'request_sent' }),
  block: (input: { userId: string; blockedId: string }) => Promise<unknown> = async () => ({ success: true }),
) {
  const loads = vi.fn(load);
  const blocks = vi.fn(block);
  const machine = attendeesMachine.provide({
    actors: {
      loadAttendees: fromPromise<AttendeeWithPhoto[], Page>(({ input }) => loads(input)),
      connectionRequest: connectionRequestMachine.provide({ actors: { sendRequest: fromPromise(() => send()) } }),
      personBlock: personBlockMachine.provide({ actors: { blockUser: fromPromise(({ input }) => blocks(input)) } }),
    },
  });
  const t = asChild(machine, { user: ada, event });
  const snap = () => t.child.getSnapshot();
  const buttons = () => snap().context.slots.map((s) => selectConnectionButton(s.connection.getSnapshot()));
  return { ...t, loads, blocks, snap, buttons };
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

  it('Block asks first, then blocks, and the blocked person leaves the list, as from the people nearby (issue 39)', async () => {
    const other = sampleAttendee(samplePerson());
    const t = start(async () => [sampleAttendee(sam), other]);
    await flush();
    const { block, connection } = t.snap().context.slots[0]!;
    block.send({ type: 'card.blockRequested' });
    expect(block.getSnapshot().matches('confirming')).toBe(true);
    block.send({ type: 'card.blockCancelled' });
    expect(block.getSnapshot().matches('idle')).toBe(true);
    expect(t.blocks).not.toHaveBeenCalled();

    block.send({ type: 'card.blockRequested' });
    block.send({ type: 'card.blockConfirmed' });
    await flush();
    expect(t.blocks).toHaveBeenCalledWith({ userId: ada.id, blockedId: sam.id });
    expect(t.snap().context.slots.map((s) => s.attendee.id)).toEqual([other.id]);
    expect(connection.getSnapshot().status).toBe('stopped');
    // The root's switchboard has the people nearby drop them too.
    expect(t.received).toEqual([{ type: 'report.blocked', userId: sam.id }]);
  });

  it('keeps the card and says so when the block does not go through', async () => {
    const t = start(async () => [sampleAttendee(sam)], undefined, async () => {
      throw new ApiError(0, null);
    });
    await flush();
    const { block } = t.snap().context.slots[0]!;
    block.send({ type: 'card.blockRequested' });
    block.send({ type: 'card.blockConfirmed' });
    await flush();
    expect(block.getSnapshot().matches('idle')).toBe(true);
    expect(t.snap().context.slots).toHaveLength(1);
    expect(t.received).toEqual([{ type: 'error.show', message: blockFailedMessage(sam.name) }]);
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
