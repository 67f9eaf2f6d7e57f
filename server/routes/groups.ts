/** SPEC 7 GET /groups: the groups the signed-in user belongs to. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserQuerySchema } from '../../contract/common';
import { GroupListSchema } from '../../contract/plans';
import { actor } from '../plugins/guard';
import { myGroups } from '../use-cases/groups';

export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/groups',
    {
      schema: {
        operationId: 'listGroups',
        summary: "List the user's groups",
        tags: ['Account'],
        answer: 'The groups the user belongs to, by name.',
        querystring: UserQuerySchema,
        response: { 200: GroupListSchema },
      },
    },
    async (request) => myGroups(app, actor(request)),
  );
};
