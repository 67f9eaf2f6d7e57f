/** SPEC 7 plans: the catalogue (public), the user's plan and the upgrade (use-cases/plans.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OptionalUserQuerySchema } from '../../contract/media';
import {
  PlanListSchema,
  SubscriptionSchema,
  UpgradeAnswerSchema,
  UpgradeQuerySchema,
  UserIdParamsSchema,
} from '../../contract/plans';
import { ensurePlans } from '../db/repositories/plans';
import { actor } from '../plugins/guard';
import { planOf, plans, upgrade } from '../use-cases/plans';

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  // A database that was never seeded still offers the three plans.
  await ensurePlans(app.db);

  app.get(
    '/subscription/plans',
    { config: { auth: 'none' }, schema: { response: { 200: PlanListSchema } } },
    async () => plans(app),
  );

  app.get(
    '/subscription/user/:userId',
    { schema: { params: UserIdParamsSchema, querystring: OptionalUserQuerySchema, response: { 200: SubscriptionSchema } } },
    async (request) => planOf(actor(request), request.params.userId),
  );

  app.post(
    '/subscription/upgrade',
    { schema: { querystring: UpgradeQuerySchema, response: { 200: UpgradeAnswerSchema } } },
    async (request) => ({ success: true as const, plan_name: await upgrade(app, actor(request), request.query.plan_name) }),
  );
};
