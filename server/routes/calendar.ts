/**
 * The calendar feed (issue 42, beyond SPEC 7): its address for the signed-in person, a new
 * one on request, and the feed itself, read by a calendar app with no cookie
 * (use-cases/calendar-feed.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalendarFeedSchema, CalendarTokenParamsSchema } from '../../contract/calendar';
import { UserQuerySchema } from '../../contract/common';
import { actor } from '../plugins/guard';
import { feedAddress, feedCalendar, resetFeed } from '../use-cases/calendar-feed';

const TAGS = ['Meetings'];

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar/feed',
    {
      schema: {
        operationId: 'calendarFeed',
        summary: "The address of the person's calendar feed",
        description:
          'A secret address a calendar app subscribes to: accepted meetings and joined events, each in its ' +
          "event's time zone. The same address each time until it is reset; keep it private, as it needs no cookie.",
        tags: TAGS,
        answer: 'The feed\'s address, and the same as `webcal:`.',
        querystring: UserQuerySchema,
        response: { 200: CalendarFeedSchema },
      },
    },
    async (request) => feedAddress(app, actor(request).id),
  );

  app.post(
    '/calendar/feed/reset',
    {
      schema: {
        operationId: 'resetCalendarFeed',
        summary: 'Make a new calendar feed address',
        description: 'The old address answers 404 from now on: a calendar subscribed to it stops updating.',
        tags: TAGS,
        answer: 'The new address.',
        querystring: UserQuerySchema,
        response: { 200: CalendarFeedSchema },
      },
    },
    async (request) => resetFeed(app, actor(request).id),
  );

  app.get(
    '/calendar/:token.ics',
    {
      // The token is the key: counted per address like the admin gate, against guessing.
      config: { auth: 'none', rateLimit: app.routeLimits.gate },
      schema: {
        operationId: 'readCalendarFeed',
        summary: 'A calendar feed',
        description:
          'What a calendar app reads, with no cookie: an iCalendar (RFC 5545) file, rewritten at each read. The ' +
          'address is never logged.',
        tags: TAGS,
        answer: 'The `text/calendar` feed.',
        errors: { 404: 'No such feed: unknown, reset, or its person is banned, deactivated or gone.', 429: 'Too many reads from this address.' },
        params: CalendarTokenParamsSchema,
        produces: ['text/calendar'],
        response: { 200: z.string().describe('An iCalendar file') },
      },
    },
    async (request, reply) => {
      const ics = await feedCalendar(app, request.params.token);
      reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, no-store');
      return Buffer.from(ics) as unknown as string;
    },
  );
};
