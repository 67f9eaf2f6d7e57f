/** SPEC 7 "Users": search, block, and the settings calls (battery, privacy, availability). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SuccessSchema, UserQuerySchema } from '../../contract/common';
import {
  AvailabilityAnswerSchema,
  AvailabilityQuerySchema,
  BatteryAnswerSchema,
  BatteryQuerySchema,
  BlockQuerySchema,
  PrivacySettingsSchema,
  PrivacyUpdateBodySchema,
  UserSearchAnswerSchema,
  UserSearchBodySchema,
} from '../../contract/discovery';
import { actor } from '../plugins/guard';
import {
  blockUser,
  privacySettings,
  searchUsers,
  setAvailability,
  setBattery,
  updatePrivacy,
} from '../use-cases/users';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/search',
    { schema: { querystring: UserQuerySchema, body: UserSearchBodySchema, response: { 200: UserSearchAnswerSchema } } },
    async (request) => searchUsers(app, actor(request), request.body),
  );

  app.post(
    '/users/block',
    { schema: { querystring: BlockQuerySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await blockUser(app, actor(request), request.query.block_user_id);
      return { success: true as const };
    },
  );

  app.put(
    '/users/social-battery',
    { schema: { querystring: BatteryQuerySchema, response: { 200: BatteryAnswerSchema } } },
    async (request) => ({ success: true as const, social_battery: await setBattery(app, actor(request), request.query.battery_level) }),
  );

  /** Not in SPEC 7: the privacy view shows the current values before anything is changed. */
  app.get(
    '/users/privacy',
    { schema: { querystring: UserQuerySchema, response: { 200: PrivacySettingsSchema } } },
    async (request) => privacySettings(actor(request)),
  );

  app.put(
    '/users/privacy',
    { schema: { querystring: UserQuerySchema, body: PrivacyUpdateBodySchema, response: { 200: PrivacySettingsSchema } } },
    async (request) => updatePrivacy(app, actor(request), request.body),
  );

  app.put(
    '/users/availability',
    { schema: { querystring: AvailabilityQuerySchema, response: { 200: AvailabilityAnswerSchema } } },
    async (request) => ({ success: true as const, is_available: await setAvailability(app, actor(request), request.query.is_available) }),
  );
};
