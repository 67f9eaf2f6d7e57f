/**
 * Issue 43 items 4 and 5: an event's recap (its people, private notes, a vCard file) and
 * "I'm heading off", which rests a one-to-one chat for both people.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UserQuerySchema } from '../../contract/common';
import {
  ChatRestAnswerSchema,
  ChatRestBodySchema,
  ChatRestSchema,
  RECAP_NOTE_MAX,
  RecapNoteAnswerSchema,
  RecapNoteBodySchema,
  RecapNoteParamsSchema,
  RecapParamsSchema,
  RecapSchema,
} from '../../contract/recap';
import { OtherUserParamsSchema } from '../../contract/social';
import { actor } from '../plugins/guard';
import { chatRestWith, headOff, wakeChat } from '../use-cases/chat-rest';
import { recapCards, recapOf, writeRecapNote } from '../use-cases/recap';

const NOT_ATTENDEE = 'No such event, taken down, or the user does not attend it.';

export const recapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:id/recap',
    {
      schema: {
        operationId: 'getEventRecap',
        summary: "The people of an event's recap",
        description:
          'Whom the user connected with, chatted with (one-to-one), met (accepted meetings) or exchanged contact details ' +
          'with at the event, from the moment they joined it: what names the event, or names none and happened before it ' +
          'ended. Each person is shown as the event shows them (an anonymous attendee by their pseudonym at this event). ' +
          'People blocked either way, deactivated, banned or deleted are left out. `note` is the user\'s own, seen by no one ' +
          'else; `has_card` says whether the vCard file holds details they shared.',
        tags: ['Events'],
        answer: 'The people, by name.',
        errors: { 404: NOT_ATTENDEE },
        params: RecapParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: RecapSchema },
      },
    },
    async (request) => recapOf(app, request.params.id, actor(request)),
  );

  app.put(
    '/events/:id/recap/notes/:userId',
    {
      schema: {
        operationId: 'putRecapNote',
        summary: 'Keep a private note on someone of the recap',
        description: `Only the writer ever reads it. At most ${RECAP_NOTE_MAX} characters; an empty note removes it. \`userId\` as the recap names them.`,
        tags: ['Events'],
        answer: 'Done, with the note kept (null when cleared).',
        errors: { 400: '`note` is too long or not text.', 404: `${NOT_ATTENDEE} Or the person is not in the user's recap of it.` },
        params: RecapNoteParamsSchema,
        querystring: UserQuerySchema,
        body: RecapNoteBodySchema,
        response: { 200: RecapNoteAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      note: await writeRecapNote(app, request.params.id, actor(request), request.params.userId, request.body.note),
    }),
  );

  app.get(
    '/events/:id/recap.vcf',
    {
      schema: {
        operationId: 'getEventRecapCards',
        summary: "The recap's contact cards",
        description:
          'A vCard 4.0 file (RFC 6350), one card per person of the recap who shared contact details with the user and ' +
          'has not taken them back (contact exchanges the user did not decline, and the business card of a connection), ' +
          'holding only those details. Notes are never in it.',
        tags: ['Events'],
        answer: 'The `text/vcard` file (empty when no one shared details).',
        errors: { 404: NOT_ATTENDEE },
        params: RecapParamsSchema,
        querystring: UserQuerySchema,
        produces: ['text/vcard'],
        response: { 200: z.string().describe('A vCard file') },
      },
    },
    async (request, reply) => {
      const cards = await recapCards(app, request.params.id, actor(request));
      reply.type('text/vcard; charset=utf-8').header('content-disposition', 'attachment; filename="recap.vcf"').header('cache-control', 'private, no-store');
      return Buffer.from(cards) as unknown as string;
    },
  );

  const restParams = { params: OtherUserParamsSchema, querystring: UserQuerySchema };
  const restErrors = { 400: '`otherUserId` is the user themself.', 404: 'No such user, blocked either way, or a stranger to the user.' };

  app.get(
    '/chat/:otherUserId/rest',
    {
      schema: {
        operationId: 'getChatRest',
        summary: 'Whether a chat is resting',
        description: 'Both people of a chat see the same: whether it rests, since when, and whether the user rested it.',
        tags: ['Chat'],
        answer: 'The chat\'s rest.',
        errors: restErrors,
        ...restParams,
        response: { 200: ChatRestSchema },
      },
    },
    async (request) => chatRestWith(app, actor(request), request.params.otherUserId),
  );

  app.post(
    '/chat/:otherUserId/rest',
    {
      schema: {
        operationId: 'restChat',
        summary: "I'm heading off: send a kind closing line and rest the chat",
        description:
          'Sends the chosen line (`line_id`, one of `HEADING_OFF_LINES` in `contract/kind-endings.ts`, in `language`) as an ' +
          'ordinary text message, by the rules of `POST /chat/send`, then rests the chat for both people: messages still ' +
          'arrive, but quietly (`new_message` with `quiet: true`, no toast, no push). Both hear `chat_rest` live; either may ' +
          'wake it with `DELETE` on the same address.',
        tags: ['Chat'],
        answer: 'Done, with the message sent and the chat\'s rest.',
        errors: {
          ...restErrors,
          400: '`otherUserId` is the user themself, or `line_id` or `language` is not one offered.',
          403: 'The two are not connected and share no event that is not over, or the recipient is in safe space mode and not connected to the user.',
          429: 'Messages are coming too fast.',
        },
        ...restParams,
        body: ChatRestBodySchema,
        response: { 200: ChatRestAnswerSchema },
      },
    },
    async (request) => headOff(app, actor(request), request.params.otherUserId, request.body),
  );

  app.delete(
    '/chat/:otherUserId/rest',
    {
      schema: {
        operationId: 'wakeChat',
        summary: 'Wake a resting chat',
        description: 'Either person may. Messages notify again; both hear `chat_rest` live with `resting: false`.',
        tags: ['Chat'],
        answer: 'The chat\'s rest, over.',
        errors: { ...restErrors, 404: 'No such user, blocked either way, a stranger, or the chat is not resting.' },
        ...restParams,
        response: { 200: ChatRestSchema },
      },
    },
    async (request) => wakeChat(app, actor(request), request.params.otherUserId),
  );
};
