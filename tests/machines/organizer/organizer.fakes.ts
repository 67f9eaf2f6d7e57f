/** Sample answers of the organizer calls (issue 17), and the organizer chart run with fakes. */
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { MicroCommunity, SafeZone } from '../../../contract/discovery';
import type { Event } from '../../../contract/events';
import type {
  AddOrganizerAnswer,
  Announcement,
  AnnouncementAnswer,
  AnnouncementsAnswer,
  CommunityBody,
  NewCommunity,
  OrganizersAnswer,
  UpdateEventBody,
} from '../../../contract/organizer';
import type { AttendeeWithPhoto } from '../../../contract/social';
import { organizerMachine } from '../../../machines/organizer/organizer.machine';
import { ada } from '../app.fakes';
import { asChild, sampleCommunity, sampleEvent, sampleZone } from '../discovery.fakes';

export const SAM_ID = 'a0000000-0000-4000-8000-000000000001';
export const KIM_ID = 'a0000000-0000-4000-8000-000000000002';
export const LEE_ID = 'a0000000-0000-4000-8000-000000000003';

/** Ada's own event, in Berlin: 18:00 to 21:00 there on 1 May 2030. */
export const adasEvent = (overrides: Partial<Event> = {}): Event =>
  sampleEvent({
    name: 'Slow Coffee',
    location: 'Café Nord',
    start_time: '2030-05-01T16:00:00.000Z',
    end_time: '2030-05-01T19:00:00.000Z',
    time_zone: 'Europe/Berlin',
    organizer_role: 'organizer',
    is_attending: true,
    created_by: ada.id,
    ...overrides,
  });

export const attendee = (id: string, name: string, overrides: Partial<AttendeeWithPhoto> = {}): AttendeeWithPhoto => ({
  id,
  name,
  username: name.split(' ')[0]!.toLowerCase(),
  photo_data: null,
  age: null,
  occupation: null,
  communication_style: 'balanced',
  interests: [],
  connection_status: 'none',
  ...overrides,
});

export const sampleAnnouncement = (message: string, at = '2030-05-01T15:00:00.000Z', id = 'f1000000-0000-4000-8000-000000000001'): Announcement => ({
  id,
  event_id: adasEvent().id,
  message,
  created_at: at,
});

export const adaOrganizes: OrganizersAnswer = { organizers: [{ id: ada.id, name: ada.name, role: 'organizer' }] };

type Ids = { userId: string; eventId: string };

/** The organizer chart's calls, each a vi.fn the test may replace; by default everything answers calmly. */
export function organizerCalls() {
  return {
    loadEvent: vi.fn(async (_: Ids): Promise<Event> => adasEvent()),
    loadZones: vi.fn(async (_: Ids): Promise<SafeZone[]> => [sampleZone()]),
    loadGroups: vi.fn(async (_: Ids): Promise<MicroCommunity[]> => [sampleCommunity()]),
    loadOrganizers: vi.fn(async (_: Ids): Promise<OrganizersAnswer> => adaOrganizes),
    loadAnnouncements: vi.fn(
      async (_: Ids): Promise<AnnouncementsAnswer> => ({ announcements: [sampleAnnouncement('Coffee is ready')], left_this_hour: 2, next_at: null }),
    ),
    loadAttendees: vi.fn(async (_: Ids): Promise<AttendeeWithPhoto[]> => [attendee(SAM_ID, 'Sam Reed'), attendee(KIM_ID, 'Kim Park')]),
    updateEvent: vi.fn(async (input: Ids & { body: UpdateEventBody }): Promise<Event> => adasEvent({ ...input.body })),
    removeZone: vi.fn(async (_: Ids & { zoneId: string }): Promise<unknown> => ({ success: true })),
    createGroup: vi.fn(
      async (input: Ids & { body: CommunityBody }): Promise<NewCommunity> => ({
        id: 'd0000000-0000-4000-8000-0000000000aa',
        name: input.body.name,
        description: input.body.description ?? '',
        interest_tag: input.body.interest_tag,
        member_count: 0,
        is_member: false,
        group_chat_id: 'd1000000-0000-4000-8000-0000000000aa',
      }),
    ),
    addOrganizer: vi.fn(
      async (input: Ids & { personId: string }): Promise<AddOrganizerAnswer> => ({
        success: true,
        organizers: [...adaOrganizes.organizers, { id: input.personId, name: 'Sam Reed', role: 'co_organizer' }],
      }),
    ),
    announce: vi.fn(
      async (input: Ids & { message: string }): Promise<AnnouncementAnswer> => ({
        success: true,
        announcement: sampleAnnouncement(input.message, '2030-05-01T15:30:00.000Z', 'f1000000-0000-4000-8000-000000000002'),
        attendees_told: 3,
        left_this_hour: 1,
        next_at: null,
      }),
    ),
    cancelEvent: vi.fn(async (_: Ids & { reason: string }): Promise<unknown> => ({ success: true, attendees_told: 3 })),
  };
}
export type OrganizerCalls = ReturnType<typeof organizerCalls>;

/** The organizer chart as the root runs it, its calls answered by `calls`, its focus moves recorded. */
export function startOrganizer(calls: OrganizerCalls = organizerCalls(), event: Event = adasEvent()) {
  const focus = vi.fn();
  const wrap = <I, O>(fn: (input: I) => Promise<O>) => fromPromise<O, I>(({ input }) => fn(input));
  const machine = organizerMachine.provide({
    actors: {
      loadEvent: wrap(calls.loadEvent),
      loadZones: wrap(calls.loadZones),
      loadGroups: wrap(calls.loadGroups),
      loadOrganizers: wrap(calls.loadOrganizers),
      loadAnnouncements: wrap(calls.loadAnnouncements),
      loadAttendees: wrap(calls.loadAttendees),
      updateEvent: wrap(calls.updateEvent),
      removeZone: wrap(calls.removeZone),
      createGroup: wrap(calls.createGroup),
      addOrganizer: wrap(calls.addOrganizer),
      announce: wrap(calls.announce),
      cancelEvent: wrap(calls.cancelEvent),
    },
    actions: { focusFirstError: (_, params) => focus(params.form, params.errors), logFailure: () => {} },
  });
  const t = asChild(machine, { user: ada, event });
  return { ...t, calls, focus, context: () => t.child.getSnapshot().context, snapshot: () => t.child.getSnapshot() };
}
