/** SPEC 7 "Users": search, block, and the settings calls (battery, privacy, availability). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SuccessSchema, UserQuerySchema } from '../../contract/common';
import {
  AvailabilityAnswerSchema,
  AvailabilityQuerySchema,
  BatteryAnswerSchema,
  BatteryQuerySchema,
  BlockQuerySchema,
  BlockedUsersAnswerSchema,
  UnblockParamsSchema,
  PrivacySettingsSchema,
  PrivacyUpdateBodySchema,
  UserSearchAnswerSchema,
  UserSearchBodySchema,
} from '../../contract/discovery';
import { actor } from '../plugins/guard';
import {
  blockUser,
  blockedPeople,
  privacySettings,
  searchUsers,
  setAvailability,
  setBattery,
  unblockUser,
  updatePrivacy,
} from '../use-cases/users';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/search',
    {
      schema: {
        operationId: 'searchUsers',
        summary: 'Search for people',
        description:
          'The filters narrow the search; the privacy rules of nearby people decide who is listed and what is ' +
          'shown of them.',
        tags: ['Discovery'],
        answer: 'The people matching the filters whom the user may see.',
        querystring: UserQuerySchema,
        body: UserSearchBodySchema,
        response: { 200: UserSearchAnswerSchema },
      },
    },
    async (request) => searchUsers(app, actor(request), request.body),
  );

  app.post(
    '/users/block',
    {
      schema: {
        operationId: 'blockUser',
        summary: 'Block someone',
        description:
          'Both vanish from each other everywhere; requests between them and their connection are removed. The ' +
          'blocked person is not told.',
        tags: ['Safety'],
        answer: 'Done: blocked.',
        errors: { 400: '`block_user_id` is the user themself.', 404: 'No such user.' },
        querystring: BlockQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      await blockUser(app, actor(request), request.query.block_user_id);
      return { success: true as const };
    },
  );

  app.get(
    '/users/blocked',
    {
      schema: {
        operationId: 'listBlockedUsers',
        summary: 'List the people the user has blocked',
        description: 'Newest first, each named as a stranger would see them (someone hidden from strangers stays unnamed).',
        tags: ['Safety'],
        answer: 'The people the user has blocked, with when.',
        querystring: UserQuerySchema,
        response: { 200: BlockedUsersAnswerSchema },
      },
    },
    async (request) => blockedPeople(app, actor(request)),
  );

  app.delete(
    '/users/block/:blocked_user_id',
    {
      schema: {
        operationId: 'unblockUser',
        summary: 'Unblock someone',
        description: 'The two become strangers again: no connection or request that the block removed comes back.',
        tags: ['Safety'],
        answer: 'Done: the block is gone.',
        errors: { 404: 'The user has not blocked this person.' },
        params: UnblockParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      await unblockUser(app, actor(request), request.params.blocked_user_id);
      return { success: true as const };
    },
  );

  app.put(
    '/users/social-battery',
    {
      schema: {
        operationId: 'setSocialBattery',
        summary: 'Set the social battery',
        description: 'How much social energy the user has left, shown to others and weighed in matches.',
        tags: ['Account'],
        answer: 'Done, with the new level.',
        querystring: BatteryQuerySchema,
        response: { 200: BatteryAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      social_battery: await setBattery(app, actor(request), request.query.battery_level),
    }),
  );

  /** Not in SPEC 7: the privacy view shows the current values before anything is changed. */
  app.get(
    '/users/privacy',
    {
      schema: {
        operationId: 'getPrivacySettings',
        summary: 'Get the privacy settings',
        tags: ['Safety'],
        answer: "The user's privacy settings.",
        querystring: UserQuerySchema,
        response: { 200: PrivacySettingsSchema },
      },
    },
    async (request) => privacySettings(actor(request)),
  );

  app.put(
    '/users/privacy',
    {
      schema: {
        operationId: 'updatePrivacySettings',
        summary: 'Change the privacy settings',
        description:
          'Only the fields sent change. `visibility_mode`: public (everyone), friends (connections only), ' +
          'private (no one) or anonymous (everyone, without name, username, photo or occupation). Turning ' +
          '`show_location` off deletes the positions kept; turning `safe_space_mode` off delivers the requests ' +
          'it held.',
        tags: ['Safety'],
        answer: 'The privacy settings after the change.',
        querystring: UserQuerySchema,
        body: PrivacyUpdateBodySchema,
        response: { 200: PrivacySettingsSchema },
      },
    },
    async (request) => updatePrivacy(app, actor(request), request.body),
  );

  app.put(
    '/users/availability',
    {
      schema: {
        operationId: 'setAvailability',
        summary: 'Set whether the user is available',
        description: 'An unavailable user is left out of nearby people and recommendations; connections can still chat.',
        tags: ['Safety'],
        answer: 'Done, with the new availability.',
        querystring: AvailabilityQuerySchema,
        response: { 200: AvailabilityAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      is_available: await setAvailability(app, actor(request), request.query.is_available),
    }),
  );
};
