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
    {
      config: { auth: 'none' },
      schema: {
        operationId: 'listPlans',
        summary: 'List the plans',
        tags: ['Plans'],
        answer: 'The plans, with their prices and what they change.',
        response: { 200: PlanListSchema },
      },
    },
    async () => plans(),
  );

  app.get(
    '/subscription/user/:userId',
    {
      schema: {
        operationId: 'getSubscription',
        summary: "Get the user's plan",
        tags: ['Plans'],
        answer: "The user's plan.",
        errors: { 403: "`userId` is not the session's own id.", 404: null },
        params: UserIdParamsSchema,
        querystring: OptionalUserQuerySchema,
        response: { 200: SubscriptionSchema },
      },
    },
    async (request) => planOf(actor(request), request.params.userId),
  );

  app.post(
    '/subscription/upgrade',
    {
      schema: {
        operationId: 'upgradePlan',
        summary: 'Change the plan',
        description:
          'Moves to a paid plan, or back to Free (a downgrade, charged nothing). No payment provider is wired in ' +
          'yet: a paid plan is recorded without a charge.',
        tags: ['Plans'],
        answer: 'Done, with the new plan.',
        errors: { 409: 'The user is on that plan already.' },
        querystring: UpgradeQuerySchema,
        response: { 200: UpgradeAnswerSchema },
      },
    },
    async (request) => ({ success: true as const, plan_name: await upgrade(app, actor(request), request.query.plan_name) }),
  );
};
