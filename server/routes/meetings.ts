/**
 * 1:1 meetings (issue 19; extensions beyond SPEC 7): propose, answer, list, cancel,
 * add to a calendar, and the free slots two connections share (use-cases/meetings.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, UserQuerySchema } from '../../contract/common';
import {
  FreeSlotsQuerySchema,
  FreeSlotsSchema,
  MEETING_DURATIONS,
  MeetingSchema,
  MyMeetingsSchema,
  ProposeMeetingBodySchema,
  RespondMeetingBodySchema,
} from '../../contract/meetings';
import { actor } from '../plugins/guard';
import { cancelMeeting, freeSlots, meetingCalendar, myMeetings, proposeMeeting, respondToMeeting } from '../use-cases/meetings';

const TAGS = ['Meetings'];
const PARTY_ONLY = { 404: 'No such meeting, or not one of the user’s (a meeting with someone blocked either way is unknown too).' };

export const meetingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/meetings',
    {
      schema: {
        operationId: 'proposeMeeting',
        summary: 'Suggest a short meeting to a connection',
        description:
          `Between connections who both attend the event: ${MEETING_DURATIONS.join(', ')} minutes, at a time ahead while ` +
          'the event is on, at `place`: one of its safe zones (by name) or a short named spot. The other person is told ' +
          'live and in their notifications. A clash with one of the user’s own accepted meetings is refused, naming it.',
        tags: TAGS,
        answer: 'The meeting, `proposed`, waiting for the other person.',
        errors: {
          400: 'A field is wrong, or the time is past or outside the event (the detail says which).',
          403: 'Not a connection, or the user has not joined the event.',
          404: 'No such person (or blocked either way), or no such event.',
          409: 'A meeting suggested to them is still open, or the time clashes with one of the user’s own.',
          429: 'Many meetings suggested this hour.',
        },
        querystring: UserQuerySchema,
        body: ProposeMeetingBodySchema,
        response: { 200: MeetingSchema },
      },
    },
    async (request) => proposeMeeting(app, actor(request), request.body),
  );

  app.get(
    '/meetings',
    {
      schema: {
        operationId: 'listMeetings',
        summary: 'My meetings',
        description:
          'Grouped: proposed to me (waiting for my answer), proposed by me (waiting for theirs), accepted, and past (a ' +
          'day back, with the lapsed, declined and cancelled ones). A decline is seen only by the one who declined: the ' +
          'proposer keeps seeing `proposed` until it lapses at its start time.',
        tags: TAGS,
        answer: 'The four groups, soonest first (past: latest first).',
        querystring: UserQuerySchema,
        response: { 200: MyMeetingsSchema },
      },
    },
    async (request) => myMeetings(app, actor(request)),
  );

  app.get(
    '/meetings/free-slots',
    {
      schema: {
        operationId: 'meetingFreeSlots',
        summary: 'When two connections are both free',
        description:
          'Start times every 15 minutes from now until the event ends when neither person has an accepted meeting. ' +
          'It says only that a time is free, never what either person’s meetings are.',
        tags: TAGS,
        answer: 'The free start times.',
        errors: {
          400: 'A field is wrong.',
          403: 'Not a connection, or the user has not joined the event.',
          404: 'No such person (or blocked either way), or no such event.',
        },
        querystring: FreeSlotsQuerySchema,
        response: { 200: FreeSlotsSchema },
      },
    },
    async (request) => freeSlots(app, actor(request), request.query),
  );

  app.post(
    '/meetings/:id/respond',
    {
      schema: {
        operationId: 'respondToMeeting',
        summary: 'Accept, decline or suggest another time',
        description:
          'Only the person the meeting waits for answers. `accept` is refused when either has another accepted meeting ' +
          'then (the user’s own is named; the other’s is never described). `decline` is private: the other person is ' +
          'not told. `suggest` moves it to `start_time` and waits for the other person.',
        tags: TAGS,
        answer: 'The meeting as the user sees it now.',
        errors: {
          ...PARTY_ONLY,
          400: 'A field is wrong, or the suggested time is past, outside the event or the same.',
          409: 'It waits for the other person, is no longer open, or the time clashes.',
        },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        body: RespondMeetingBodySchema,
        response: { 200: MeetingSchema },
      },
    },
    async (request) => respondToMeeting(app, actor(request), request.params.id, request.body),
  );

  app.delete(
    '/meetings/:id',
    {
      schema: {
        operationId: 'cancelMeeting',
        summary: 'Call a meeting off',
        description:
          'Either person may call off an accepted meeting, and the proposer a proposed one: the other is told with a ' +
          'kind line. The person a proposal waits for declines it instead, privately.',
        tags: TAGS,
        answer: 'The meeting as the user sees it now.',
        errors: { ...PARTY_ONLY, 409: 'It is no longer open.' },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: MeetingSchema },
      },
    },
    async (request) => cancelMeeting(app, actor(request), request.params.id),
  );

  app.get(
    '/meetings/:id/calendar.ics',
    {
      schema: {
        operationId: 'meetingCalendar',
        summary: 'A meeting as a calendar file',
        description: 'An iCalendar (RFC 5545) file with the meeting and a reminder 5 minutes before, to add to a calendar.',
        tags: TAGS,
        answer: 'The `text/calendar` file.',
        errors: PARTY_ONLY,
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        produces: ['text/calendar'],
        response: { 200: z.string().describe('An iCalendar file') },
      },
    },
    async (request, reply) => {
      const ics = await meetingCalendar(app, actor(request), request.params.id);
      reply.type('text/calendar; charset=utf-8').header('content-disposition', 'attachment; filename="meeting.ics"');
      // Bytes as they are: the schema documents the answer, it is not serialised as JSON.
      return Buffer.from(ics) as unknown as string;
    },
  );
};
