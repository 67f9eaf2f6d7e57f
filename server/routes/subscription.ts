/**
 * SPEC 7 plans: the catalogue (public), the user's plan and the upgrade. There is no
 * payment provider yet: chargeForPlan is the seam where one plugs in, and until then
 * each upgrade is recorded with the payment reference 'none'. The same call takes a paid
 * plan back to Free (a downgrade, charged nothing); Free stays unchoosable while on it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlanName } from '../../contract/constants';
import { OptionalUserQuerySchema } from '../../contract/media';
import {
  PlanListSchema,
  SubscriptionSchema,
  UpgradeAnswerSchema,
  UpgradeQuerySchema,
  UserIdParamsSchema,
} from '../../contract/plans';
import { ensurePlans, listPlans, switchPlan } from '../db/repositories/plans';
import type { UserRow } from '../db/repositories/users';
import { conflict, forbidden } from '../errors';
import { actor } from '../plugins/guard';

/**
 * Takes payment for a month of `plan`. A provider (Stripe, Paddle, ...) goes here: it
 * would charge or confirm a checkout and answer its reference, or throw so that nothing
 * changes. Without one, nothing is charged and the reference is 'none'.
 */
export async function chargeForPlan(_user: Pick<UserRow, 'id' | 'email'>, _plan: PlanName): Promise<{ reference: string }> {
  return { reference: 'none' };
}

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  // A database that was never seeded still offers the three plans.
  await ensurePlans(app.db);

  app.get(
    '/subscription/plans',
    { config: { auth: 'none' }, schema: { response: { 200: PlanListSchema } } },
    async () => listPlans(app.db),
  );

  app.get(
    '/subscription/user/:userId',
    { schema: { params: UserIdParamsSchema, querystring: OptionalUserQuerySchema, response: { 200: SubscriptionSchema } } },
    async (request) => {
      const me = actor(request);
      if (request.params.userId !== me.id) throw forbidden('You can only see your own plan');
      return { plan_name: me.planName as PlanName };
    },
  );

  app.post(
    '/subscription/upgrade',
    { schema: { querystring: UpgradeQuerySchema, response: { 200: UpgradeAnswerSchema } } },
    async (request) => {
      const me = actor(request);
      const plan = request.query.plan_name;
      if (me.planName === plan) throw conflict(`You are already on the ${plan} plan`);
      const payment = plan === 'Free' ? { reference: 'none' } : await chargeForPlan(me, plan);
      if (!(await switchPlan(app.db, me.id, plan, payment.reference, app.clock())))
        throw conflict(`You are already on the ${plan} plan`);
      // The session's kept row carries the plan (the request cap reads it).
      app.lifecycle.emit('user.changed', me.id);
      return { success: true as const, plan_name: plan };
    },
  );
};
