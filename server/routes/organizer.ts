/**
 * The organizer tools (issue 17; extensions beyond SPEC 7): editing and cancelling an
 * event, its safe zones, interest groups, co-organizers and announcements
 * (use-cases/organizer.ts). Only the event's organizer and co-organizers may use them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, SuccessSchema, UserQuerySchema } from '../../contract/common';
import { SafeZoneSchema } from '../../contract/discovery';
import { EventSchema } from '../../contract/events';
import {
  ANNOUNCEMENTS_PER_HOUR,
  ANNOUNCEMENTS_SHOWN,
  AddOrganizerAnswerSchema,
  AddOrganizerBodySchema,
  AnnouncementAnswerSchema,
  AnnouncementBodySchema,
  AnnouncementsAnswerSchema,
  CancelEventAnswerSchema,
  CancelEventBodySchema,
  CommunityBodySchema,
  NewCommunitySchema,
  OrganizersAnswerSchema,
  SafeZoneBodySchema,
  SafeZoneUpdateBodySchema,
  UpdateEventBodySchema,
  ZONE_RADIUS_MAX_M,
  ZONE_RADIUS_MIN_M,
  ZoneParamsSchema,
} from '../../contract/organizer';
import { actor } from '../plugins/guard';
import {
  addCommunity,
  addOrganizer,
  addZone,
  announce,
  announcements,
  cancelEvent,
  editZone,
  organizers,
  removeZone,
  updateEvent,
} from '../use-cases/organizer';

const ORGANIZERS_ONLY = 'The user is not an organizer of the event.';
const NO_EVENT = 'No such event, or it was taken down.';

export const organizerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/events/:id',
    {
      schema: {
        operationId: 'updateEvent',
        summary: 'Edit an event',
        description:
          'For its organizers: any of its fields (the rest stay as they are). The duplicate rule holds for the event as ' +
          'it would stand, its day counted in its time zone. When it moves to another place or start, its attendees are ' +
          'told kindly, live and in their notifications; every attendee\'s open app hears `event_changed`.',
        tags: ['Organizers'],
        answer: 'The event as it now stands.',
        errors: {
          400: 'The end is not after the start, or not in the future.',
          403: ORGANIZERS_ONLY,
          404: NO_EVENT,
          409: 'The same event already exists.',
        },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        body: UpdateEventBodySchema,
        response: { 200: EventSchema },
      },
    },
    async (request) => updateEvent(app, actor(request), request.params.id, request.body),
  );

  app.delete(
    '/events/:id',
    {
      schema: {
        operationId: 'cancelEvent',
        summary: 'Cancel an event',
        description:
          'For its organizers. The event goes with its attendance, chats, photos, feed and zones. Every other attendee ' +
          'is told kindly, live and in their notifications, with the reason (left out for anyone blocked either way with ' +
          'the organizer); their open apps hear `event_changed`. An event that is over cannot be cancelled.',
        tags: ['Organizers'],
        answer: 'Done: cancelled, with how many attendees were told.',
        errors: { 400: 'The event has ended.', 403: ORGANIZERS_ONLY, 404: NO_EVENT },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        body: CancelEventBodySchema,
        response: { 200: CancelEventAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      attendees_told: await cancelEvent(app, actor(request), request.params.id, request.body.reason),
    }),
  );

  app.post(
    '/events/:id/safe-zones',
    {
      schema: {
        operationId: 'createZone',
        summary: 'Place a safe or restricted zone',
        description:
          `For the event's organizers: a circle of ${ZONE_RADIUS_MIN_M} to ${ZONE_RADIUS_MAX_M} m around a point (where ` +
          'the organizer stands, or typed coordinates). Zones of one event have different names (case aside). The zone ' +
          "check and position reports use it at once, on every instance; attendees' open apps hear `event_changed`.",
        tags: ['Organizers'],
        answer: 'The new zone.',
        errors: { 403: ORGANIZERS_ONLY, 404: NO_EVENT, 409: 'The event has a zone of that name.' },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        body: SafeZoneBodySchema,
        response: { 200: SafeZoneSchema },
      },
    },
    async (request) => addZone(app, actor(request), request.params.id, request.body),
  );

  app.put(
    '/events/:id/safe-zones/:zoneId',
    {
      schema: {
        operationId: 'updateZone',
        summary: 'Edit a zone',
        description: "For the event's organizers: any of the zone's fields (the rest stay as they are), under the rules of placing one.",
        tags: ['Organizers'],
        answer: 'The zone as it now stands.',
        errors: { 403: ORGANIZERS_ONLY, 404: 'No such event, or no such zone of it.', 409: 'Another zone of the event has that name.' },
        params: ZoneParamsSchema,
        querystring: UserQuerySchema,
        body: SafeZoneUpdateBodySchema,
        response: { 200: SafeZoneSchema },
      },
    },
    async (request) => editZone(app, actor(request), request.params.id, request.params.zoneId, request.body),
  );

  app.delete(
    '/events/:id/safe-zones/:zoneId',
    {
      schema: {
        operationId: 'deleteZone',
        summary: 'Remove a zone',
        description: "For the event's organizers. The zone check no longer finds it, on every instance.",
        tags: ['Organizers'],
        answer: 'Done: the zone is gone.',
        errors: { 403: ORGANIZERS_ONLY, 404: 'No such event, or no such zone of it.' },
        params: ZoneParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      await removeZone(app, actor(request), request.params.id, request.params.zoneId);
      return { success: true as const };
    },
  );

  app.post(
    '/events/:id/micro-communities',
    {
      schema: {
        operationId: 'createCommunity',
        summary: 'Start an interest group',
        description:
          "For the event's organizers: the group with its group chat. Groups of one event have different names (case " +
          "aside). Its maker is not made a member. Attendees' open apps hear `event_changed`.",
        tags: ['Organizers'],
        answer: 'The new interest group, with its group chat.',
        errors: { 403: ORGANIZERS_ONLY, 404: NO_EVENT, 409: 'The event has an interest group of that name.' },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        body: CommunityBodySchema,
        response: { 200: NewCommunitySchema },
      },
    },
    async (request) => addCommunity(app, actor(request), request.params.id, request.body),
  );

  app.get(
    '/events/:id/organizers',
    {
      schema: {
        operationId: 'listOrganizers',
        summary: 'List who organizes an event',
        description:
          "For the event's organizers: the organizer (its creator), then the co-organizers in the order they were named, " +
          'each as the caller may see them; anyone blocked either way is left out.',
        tags: ['Organizers'],
        answer: 'The organizers.',
        errors: { 403: ORGANIZERS_ONLY, 404: NO_EVENT },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: OrganizersAnswerSchema },
      },
    },
    async (request) => ({ organizers: await organizers(app, actor(request), request.params.id) }),
  );

  app.post(
    '/events/:id/organizers',
    {
      schema: {
        operationId: 'addOrganizer',
        summary: 'Name a co-organizer',
        description:
          "For the event's organizers: an attendee of the event organizes it with them from now on, and is told so, live " +
          'and in their notifications. Naming someone again changes nothing.',
        tags: ['Organizers'],
        answer: 'Done: the organizers as they now stand.',
        errors: {
          400: 'The person is the caller, or does not attend the event.',
          403: ORGANIZERS_ONLY,
          404: 'No such event, or no such person the caller may deal with.',
        },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        body: AddOrganizerBodySchema,
        response: { 200: AddOrganizerAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      organizers: await addOrganizer(app, actor(request), request.params.id, request.body.user_id_to_add),
    }),
  );

  app.get(
    '/events/:id/announcements',
    {
      schema: {
        operationId: 'listAnnouncements',
        summary: "Read an event's announcements",
        description:
          `For attendees: the newest first, at most ${ANNOUNCEMENTS_SHOWN}, from "the organizers" (not one of them by ` +
          'name), without those of someone blocked either way; and how many more may go out this hour.',
        tags: ['Organizers'],
        answer: 'The announcements, and what the hourly cap leaves.',
        errors: { 403: 'The user has not joined the event.', 404: NO_EVENT },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: AnnouncementsAnswerSchema },
      },
    },
    async (request) => announcements(app, actor(request), request.params.id),
  );

  app.post(
    '/events/:id/announcements',
    {
      schema: {
        operationId: 'sendAnnouncement',
        summary: 'Send an announcement',
        description:
          "For the event's organizers: one calm message to every attendee (but the sender, and anyone blocked either way " +
          `with them), live and in their notifications. At most ${ANNOUNCEMENTS_PER_HOUR} an hour per event.`,
        tags: ['Organizers'],
        answer: 'Done: the announcement, how many attendees were told, and what the hourly cap leaves.',
        errors: { 403: ORGANIZERS_ONLY, 404: NO_EVENT, 429: `The event has sent ${ANNOUNCEMENTS_PER_HOUR} announcements in the last hour.` },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        body: AnnouncementBodySchema,
        response: { 200: AnnouncementAnswerSchema },
      },
    },
    async (request) => announce(app, actor(request), request.params.id, request.body.message),
  );
};
