/** Issue 43 item 3: small groups ("pods") at an event (use-cases/pods.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { IdParamsSchema, UserQuerySchema } from '../../contract/common';
import { MyPodSchema, POD_SIZE_MAX, POD_SIZE_MIN, PodQueueAnswerSchema } from '../../contract/pods';
import { actor } from '../plugins/guard';
import { joinPodQueue, leavePodQueue, myPod } from '../use-cases/pods';

const NOT_ATTENDEE = 'No such event, taken down, or the user does not attend it.';

/** What the three calls share: an event's id in the path, the user in the query, attendees only. */
const podCall = <R extends z.ZodType>(operationId: string, summary: string, description: string, answer: string, response: R, errors: Record<number, string> = {}) => ({
  schema: {
    operationId,
    summary,
    description: `Extension (issue 43). ${description}`,
    tags: ['Events'],
    answer,
    errors: { 404: NOT_ATTENDEE, ...errors },
    params: IdParamsSchema,
    querystring: UserQuerySchema,
    response: { 200: response },
  },
});

export const podsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/events/:id/pods/queue',
    podCall(
      'joinPodQueue',
      'Ask to be put in a small group (a pod)',
      `A pod of ${POD_SIZE_MIN} to ${POD_SIZE_MAX} waiting attendees forms within 10 seconds once enough wait, preferring ` +
        'shared interests and never grouping two people where one blocked the other. Each member hears `pod_formed` live ' +
        'and gets a notification; the pod is one of their groups (GET /groups, category `pod`), with a group chat only its ' +
        'members read, which closes (read-only) when the event ends. Asking again while waiting changes nothing.',
      'Waiting.',
      PodQueueAnswerSchema,
      { 409: 'The event is not on, the user is on a break or at a social battery of 3 or less, or already in a pod there.' },
    ),
    async (request) => joinPodQueue(app, request.params.id, actor(request)),
  );

  app.delete(
    '/events/:id/pods/queue',
    podCall(
      'leavePodQueue',
      'Stop waiting for a small group, or leave one',
      "Quietly: nobody is told, and the pod's others no longer see the user among its members.",
      'Neither waiting nor in a pod.',
      MyPodSchema,
    ),
    async (request) => leavePodQueue(app, request.params.id, actor(request)),
  );

  app.get(
    '/events/:id/pods/mine',
    podCall(
      'getMyPod',
      "The user's small group at an event",
      '`none`, `waiting` or `formed` with the pod: its members as the event shows them to the user ("Anonymous attendee" ' +
        'without an id when hidden), the user first; its meeting point (a spot the organizer marked for pods, with its ' +
        "`zone_id`, else the event's location); when it starts; its group chat.",
      'The status, and the pod when formed.',
      MyPodSchema,
    ),
    async (request) => myPod(app, request.params.id, actor(request)),
  );
};
