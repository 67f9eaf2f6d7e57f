/** What the organizer tools' chart (organizer.machine.ts) asks of the server, each call for the viewer and the event. */
import { fromPromise } from 'xstate';
import { PAGE_SIZE_MAX } from '../../contract/constants';
import type { MicroCommunity, SafeZone } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import type { AddOrganizerAnswer, AnnouncementAnswer, AnnouncementsAnswer, CommunityBody, NewCommunity, OrganizersAnswer, UpdateEventBody } from '../../contract/organizer';
import type { AttendeeWithPhoto } from '../../contract/social';
import { api, type Api } from '../api/client';
import type { OrganizerContext } from './organizer.types';

type Ids = { userId: string; eventId: string };
export const ids = ({ context }: { context: OrganizerContext }): Ids => ({ userId: context.user.id, eventId: context.event.id });

/** At most this many attendees are offered to pick from (pages of the largest size). */
export const ATTENDEES_OFFERED = 1_000;

/** Every attendee (up to ATTENDEES_OFFERED), a page of 100 at a time, stopping at a short page. */
export async function loadAllAttendees(list: Api['attendeesWithPhotos'], input: Ids): Promise<AttendeeWithPhoto[]> {
  const all: AttendeeWithPhoto[] = [];
  while (all.length < ATTENDEES_OFFERED) {
    const page = await list(input.userId, input.eventId, { limit: PAGE_SIZE_MAX, offset: all.length });
    all.push(...page);
    if (page.length < PAGE_SIZE_MAX) break;
  }
  return all;
}

export const organizerActors = {
  loadEvent: fromPromise<Event, Ids>(({ input }) => api.getEvent(input.userId, input.eventId)),
  loadZones: fromPromise<SafeZone[], Ids>(({ input }) => api.safeZones(input.userId, input.eventId)),
  loadGroups: fromPromise<MicroCommunity[], Ids>(({ input }) => api.microCommunities(input.userId, input.eventId)),
  loadOrganizers: fromPromise<OrganizersAnswer, Ids>(({ input }) => api.organizers(input.userId, input.eventId)),
  loadAnnouncements: fromPromise<AnnouncementsAnswer, Ids>(({ input }) => api.announcements(input.userId, input.eventId)),
  loadAttendees: fromPromise<AttendeeWithPhoto[], Ids>(({ input }) => loadAllAttendees(api.attendeesWithPhotos, input)),
  updateEvent: fromPromise<Event, Ids & { body: UpdateEventBody }>(({ input }) => api.updateEvent(input.userId, input.eventId, input.body)),
  removeZone: fromPromise<unknown, Ids & { zoneId: string }>(({ input }) => api.deleteZone(input.userId, input.eventId, input.zoneId)),
  createGroup: fromPromise<NewCommunity, Ids & { body: CommunityBody }>(({ input }) =>
    api.createCommunity(input.userId, input.eventId, input.body),
  ),
  addOrganizer: fromPromise<AddOrganizerAnswer, Ids & { personId: string }>(({ input }) =>
    api.addOrganizer(input.userId, input.eventId, input.personId),
  ),
  announce: fromPromise<AnnouncementAnswer, Ids & { message: string }>(({ input }) => api.announce(input.userId, input.eventId, input.message)),
  cancelEvent: fromPromise<unknown, Ids & { reason: string }>(({ input }) => api.cancelEvent(input.userId, input.eventId, input.reason)),
};
