/** The root chart's part in 1:1 meetings (issue 19): the My meetings view, its address, and live changes. */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { formatAddress, parseAddress } from '../../machines/addresses';
import { currentUserView } from '../../machines/app.machine';
import { meetingsMachine, type MeetingsActorRef } from '../../machines/meetings/meetings.machine';
import { signedInWithLive } from './connections.fakes';
import { flush } from './discovery.fakes';
import { myMeetings, sampleMeeting } from './meetings/meetings.fakes';

function meetingsFake() {
  const load = vi.fn(async () => myMeetings({ proposed_to_me: [sampleMeeting(1)] }));
  return { load, meetings: meetingsMachine.provide({ actors: { loadMeetings: fromPromise(() => load()) } }) };
}

describe('appMachine: My meetings', () => {
  it('has the address /meetings', () => {
    expect(parseAddress('/meetings')).toEqual({ view: 'meetings' });
    expect(formatAddress({ view: 'meetings' })).toBe('/meetings');
  });

  it('opens its chart with the view, reloads it when a meeting changes (live) and after a reconnect, and stops it on leaving', async () => {
    const fake = meetingsFake();
    const app = await signedInWithLive({}, { charts: { meetings: fake.meetings } });
    app.actor.send({ type: 'view.opened', view: 'meetings' });
    await flush();
    expect(currentUserView(app.snapshot())).toBe('meetings');
    expect(app.child<MeetingsActorRef>('meetings')).toBeDefined();
    expect(fake.load).toHaveBeenCalledTimes(1);
    app.socket().report({ type: 'socket.opened' });
    app.live({ type: 'meeting_changed', meeting_id: sampleMeeting(1).id });
    await flush();
    expect(fake.load).toHaveBeenCalledTimes(2);
    app.socket().report({ type: 'socket.closed', code: 1006 });
    app.clock.increment(1_200);
    app.socket().report({ type: 'socket.opened' });
    await flush();
    expect(fake.load).toHaveBeenCalledTimes(3);
    app.actor.send({ type: 'view.opened', view: 'events' });
    expect(app.child('meetings')).toBeUndefined();
    // Not on screen: a change is heard by no one, and nothing breaks.
    app.live({ type: 'meeting_changed', meeting_id: sampleMeeting(1).id });
    await flush();
    expect(fake.load).toHaveBeenCalledTimes(3);
  });

  it('opens from the reminder notification’s link', async () => {
    const fake = meetingsFake();
    const app = await signedInWithLive({}, { charts: { meetings: fake.meetings } });
    app.actor.send({ type: 'address.opened', path: '/meetings' });
    await flush();
    expect(currentUserView(app.snapshot())).toBe('meetings');
  });
});
