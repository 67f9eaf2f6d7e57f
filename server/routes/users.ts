/**
 * SPEC 7 "Users": search, block, and the settings calls (battery, privacy, availability);
 * beyond SPEC 7, the people one has blocked and unblocking them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, or } from 'drizzle-orm';
import { SuccessSchema, UserQuerySchema } from '../../contract/common';
import {
  AvailabilityAnswerSchema,
  AvailabilityQuerySchema,
  BatteryAnswerSchema,
  BatteryQuerySchema,
  BlockQuerySchema,
  BlockedUsersAnswerSchema,
  UnblockParamsSchema,
  type PrivacySettings,
  PrivacySettingsSchema,
  PrivacyUpdateBodySchema,
  USER_SEARCH_MAX,
  UserSearchAnswerSchema,
  UserSearchBodySchema,
} from '../../contract/discovery';
import { releaseHeldRequests } from '../db/repositories/connections';
import { hideLocationsOf } from '../db/repositories/locations';
import { candidateOf, personColumns, privacyOf, searchPeople } from '../db/repositories/people';
import { orderedPair } from '../db/repositories/relations';
import { findUserById, type UserRow } from '../db/repositories/users';
import { blocks, connectionRequests, connections, users } from '../db/schema';
import { ANONYMOUS_NAME, projectFor } from '../domain/visibility';
import { badRequest, notFound } from '../errors';
import { actor } from '../plugins/guard';

const PRIVACY_COLUMNS = {
  visibility_mode: 'visibilityMode',
  show_location: 'showLocation',
  show_interests: 'showInterests',
  show_profile_picture: 'showProfilePicture',
  auto_hide_in_restricted_zones: 'autoHideInRestrictedZones',
  anonymous_browsing: 'anonymousBrowsing',
  safe_space_mode: 'safeSpaceMode',
} as const satisfies Record<keyof PrivacySettings, keyof UserRow>;

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Writes the viewer's own settings; the kept copies of the events they attend and of
   * their session are dropped ('user.changed'), so the change shows at once. `then`
   * writes what follows from the change before anyone is told of it.
   */
  async function updateMe(
    me: UserRow,
    changes: Partial<typeof users.$inferInsert>,
    then?: (row: UserRow) => Promise<void>,
  ): Promise<UserRow> {
    const [row] = await app.db.update(users).set(changes).where(eq(users.id, me.id)).returning();
    if (!row) throw notFound('User not found');
    await then?.(row);
    app.lifecycle.emit('user.changed', me.id);
    return row;
  }

  app.post(
    '/users/search',
    { schema: { querystring: UserQuerySchema, body: UserSearchBodySchema, response: { 200: UserSearchAnswerSchema } } },
    async (request) => {
      const me = actor(request);
      const now = app.clock();
      const rows = await searchPeople(app.db, me.id, request.body, now, USER_SEARCH_MAX);
      // The query narrows; projectFor decides.
      return rows.flatMap(({ person, connected, blocked, sent, received }) => {
        const user = projectFor(
          me.id,
          candidateOf(person, now),
          { connected, blockedEitherWay: blocked, inRestrictedZone: false },
          'search',
        );
        if (!user) return [];
        const connection_status = connected ? 'connected' : sent ? 'request_sent' : received ? 'request_received' : 'none';
        return [{ ...user, connection_status } as const];
      });
    },
  );

  app.post(
    '/users/block',
    { schema: { querystring: BlockQuerySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      const me = actor(request);
      const otherId = request.query.block_user_id;
      if (otherId === me.id) throw badRequest('block_user_id: you cannot block yourself');
      if (!(await findUserById(app.db, otherId))) throw notFound('User not found');
      const [u1, u2] = orderedPair(me.id, otherId);
      await app.db.transaction(async (tx) => {
        await tx.insert(blocks).values({ blockerId: me.id, blockedId: otherId, createdAt: app.clock() }).onConflictDoNothing();
        // DESIGN 5: pending requests both ways and the connection go; the other is not told.
        await tx
          .delete(connectionRequests)
          .where(
            or(
              and(eq(connectionRequests.fromUser, me.id), eq(connectionRequests.toUser, otherId)),
              and(eq(connectionRequests.fromUser, otherId), eq(connectionRequests.toUser, me.id)),
            ),
          );
        await tx.delete(connections).where(and(eq(connections.user1, u1), eq(connections.user2, u2)));
      });
      app.lifecycle.emit('relation.changed', me.id, otherId);
      return { success: true as const };
    },
  );

  app.get(
    '/users/blocked',
    {
      schema: {
        operationId: 'listBlockedUsers',
        summary: 'The people the user has blocked, newest first, as the user may see them',
        tags: ['Safety'],
        querystring: UserQuerySchema,
        response: { 200: BlockedUsersAnswerSchema },
      },
    },
    async (request) => {
      const me = actor(request);
      const now = app.clock();
      const rows = await app.db
        .select({ person: personColumns, blockedAt: blocks.createdAt })
        .from(blocks)
        .innerJoin(users, eq(users.id, blocks.blockedId))
        .where(eq(blocks.blockerId, me.id))
        .orderBy(desc(blocks.createdAt), users.id);
      return rows.map(({ person, blockedAt }) => {
        // Named as a stranger would see them (the block aside); someone hidden from strangers stays unnamed.
        const seen = projectFor(
          me.id,
          candidateOf(person, now),
          { connected: false, blockedEitherWay: false, inRestrictedZone: false },
          'search',
        );
        return {
          id: person.id,
          name: seen?.name ?? ANONYMOUS_NAME,
          username: seen?.username ?? null,
          blocked_at: blockedAt.toISOString(),
        };
      });
    },
  );

  app.delete(
    '/users/block/:blocked_user_id',
    {
      schema: {
        operationId: 'unblockUser',
        summary: 'Unblock someone: they become strangers again (no connection or request comes back)',
        tags: ['Safety'],
        params: UnblockParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      const me = actor(request);
      const otherId = request.params.blocked_user_id;
      const removed = await app.db
        .delete(blocks)
        .where(and(eq(blocks.blockerId, me.id), eq(blocks.blockedId, otherId)))
        .returning({ id: blocks.blockedId });
      if (removed.length === 0) throw notFound('You have not blocked this person');
      app.lifecycle.emit('relation.changed', me.id, otherId);
      return { success: true as const };
    },
  );

  app.put(
    '/users/social-battery',
    { schema: { querystring: BatteryQuerySchema, response: { 200: BatteryAnswerSchema } } },
    async (request) => {
      const row = await updateMe(actor(request), { socialBattery: request.query.battery_level });
      return { success: true as const, social_battery: row.socialBattery };
    },
  );

  /** Not in SPEC 7: the privacy view shows the current values before anything is changed. */
  app.get(
    '/users/privacy',
    { schema: { querystring: UserQuerySchema, response: { 200: PrivacySettingsSchema } } },
    async (request) => privacyOf(actor(request)),
  );

  app.put(
    '/users/privacy',
    { schema: { querystring: UserQuerySchema, body: PrivacyUpdateBodySchema, response: { 200: PrivacySettingsSchema } } },
    async (request) => {
      const me = actor(request);
      const b = request.body;
      const changes: Partial<typeof users.$inferInsert> = {};
      for (const key of Object.keys(PRIVACY_COLUMNS) as Array<keyof PrivacySettings>) {
        if (b[key] !== undefined) (changes as Record<string, unknown>)[PRIVACY_COLUMNS[key]] = b[key];
      }
      if (Object.keys(changes).length === 0) return privacyOf(me);
      // DESIGN 5: with show_location off positions are not kept, so the ones kept before go.
      const row = await updateMe(me, changes, async (r) => {
        if (!r.showLocation) await hideLocationsOf(app.db, me.id, app.clock());
      });
      // Requests held quietly while safe space mode was on become visible now. Releasing
      // (held = false) and announcing them to the recipient belong to the connections
      // module; nothing is held when none were, so calling it again is harmless.
      if (b.safe_space_mode === false) await releaseHeldRequests(app, me.id);
      return privacyOf(row);
    },
  );

  app.put(
    '/users/availability',
    { schema: { querystring: AvailabilityQuerySchema, response: { 200: AvailabilityAnswerSchema } } },
    async (request) => {
      const row = await updateMe(actor(request), { isAvailable: request.query.is_available });
      return { success: true as const, is_available: row.isAvailable };
    },
  );
};
