/**
 * buildApp(deps) assembles the server without listening, so tests drive it with
 * app.inject and main.ts only listens. Plugins first, then routes under /api, then the
 * pages and files outside it.
 */
import { EventEmitter } from 'node:events';
import { and, gt, inArray } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '../contract/constants';
import { ChatMessageSchema } from '../contract/social';
import { vapidSubjectFrom, type Config } from './config';
import type { Push } from './core/push';
import { ensureVapidKeys } from './db/repositories/push';
import { PushJobs, PushSender, makeVapidKeys, onceClaimer, type PushSenderOptions } from './realtime/push-sender';
import { pushRoutes } from './routes/push';
import type { Lifecycle } from './core/lifecycle';
import type { Mailer } from './core/mail';
import type { Realtime } from './core/realtime';
import type { Database, Db } from './db/client';
import { sessions } from './db/schema';
import { registerErrorHandler } from './plugins/errors';
import { createMailer } from './plugins/mail';
import { registerGuard } from './plugins/guard';
import { loggerOptions, type LogStream } from './plugins/logging';
import { registerOpenApi } from './plugins/openapi';
import { DEFAULT_RATE_LIMITS, type RateLimits, registerRateLimits } from './plugins/rate-limits';
import { registerSecurity } from './plugins/security';
import { registerSession } from './plugins/session';
import { registerStatic } from './plugins/static';
import { registerCompression } from './plugins/compression';
import { accessibilityPage } from './pages/accessibility';
import { accountRoutes } from './routes/account';
import { passkeysRoutes } from './routes/passkeys';
import { calendarRoutes } from './routes/calendar';
import { accountDataRoutes } from './routes/account-data';
import { healthRoutes } from './routes/health';
import { eventsRoutes } from './routes/events';
import { discoveryRoutes } from './routes/discovery';
import { usersRoutes } from './routes/users';
import { openingMovesRoutes } from './routes/opening-moves';
import { chatRoutes } from './routes/chat';
import { recapRoutes } from './routes/recap';
import { sweepRecapNudges } from './use-cases/recap';
import { sweepPods } from './use-cases/pods';
import { podsRoutes } from './routes/pods';
import { cardsRoutes } from './routes/cards';
import { conversationsRoutes } from './routes/conversations';
import { followReadMarks } from './use-cases/conversations';
import { connectionsRoutes } from './routes/connections';
import { connectCodesRoutes } from './routes/connect-codes';
import { notificationsRoutes } from './routes/notifications';
import { groupChatsRoutes } from './routes/group-chats';
import { photosRoutes } from './routes/photos';
import { eventInsightsRoutes } from './routes/event-insights';
import { subscriptionRoutes } from './routes/subscription';
import { businessCardRoutes } from './routes/business-card';
import { groupsRoutes } from './routes/groups';
import { adminRoutes } from './routes/admin';
import { adminEventsRoutes } from './routes/admin-events';
import { organizerRoutes } from './routes/organizer';
import { meetingsRoutes } from './routes/meetings';
import { sweepReminders } from './use-cases/meetings';
import { reportsRoutes } from './routes/reports';
import { statusRoutes } from './routes/status';
import { registerActivity } from './plugins/activity';
import { sweepBreaks } from './use-cases/status';
import { sweepErasedReports } from './use-cases/erasure';
import { liveRoutes } from './routes/live';
import { Hub } from './realtime/hub';
import { followKeptReads } from './cache/tags';
import { keptReads } from './cache/kept';
import { type KeptPosition, followPositions, positionsOf } from './cache/event-people';
import { Batch } from './realtime/batch';
import type { Redis } from 'ioredis';
import type { Bus, Change } from './realtime/bus';

export { DEFAULT_RATE_LIMITS, type RateLimits };

export interface AppDeps {
  config: Config;
  database: Database;
  /** The time; tests pass a fake clock. */
  clock?: () => Date;
  rateLimits?: Partial<RateLimits>;
  /** Where limits are counted when several instances serve one event (REDIS_URL); in memory when absent. */
  rateLimitRedis?: Redis | null;
  /** Prefix of the limit keys in Redis; tests give each app its own. */
  rateLimitNamespace?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them); logging is on when given. */
  logStream?: LogStream;
  /** Live delivery; defaults to the hub holding this instance's sockets. */
  realtime?: Realtime;
  /** Carries live messages between instances (Redis); in-process when absent. Closed by its maker. */
  bus?: Bus;
  /** Where email goes; by default SMTP_URL's server, else <DATA_DIR>/outbox/ (plugins/mail.ts). */
  mailer?: Mailer;
  /** Where a push is claimed once across instances (issue 41); the rate limits' Redis when absent, else memory. */
  pushRedis?: Redis | null;
  /** Prefix of the push claims in Redis; instances that share pushes share it. */
  pushNamespace?: string;
  /** How pushes are sent: tests pass short pauses and their own fetch. */
  pushOptions?: Omit<PushSenderOptions, 'vapid'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    clock: () => Date;
    lifecycle: Lifecycle;
    realtime: Realtime;
    /** This instance's live sockets (routes publish through `realtime`). */
    hub: Hub;
    /** Email, sent after the answer (core/mail.ts). */
    mailer: Mailer;
    /** Web Push (issue 41). */
    push: Push;
    /** The pushes under way (tests wait for them). */
    pushJobs: PushJobs;
  }
}

/**
 * Position reports kept through this instance are announced to the others gathered over
 * this window (ms), at most this many in one envelope: another instance's nearby list
 * is then at most a quarter second behind a report, where a reload every 5 s had been.
 */
const POSITION_BATCH_MS = 250;
const POSITION_BATCH_MAX = 2_000;

/** A hop count becomes "trust the nearest n", the form Fastify's types take. */
const trustProxyOption = (t: boolean | number | string[]) => (typeof t === 'number' ? (_address: string, hop: number) => hop < t : t);

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? (() => new Date());
  const app = Fastify({
    logger: loggerOptions({ logLevel: deps.config.logLevel, logger: deps.logger, logStream: deps.logStream }),
    bodyLimit: LIMITS.jsonBodyBytes,
    requestTimeout: LIMITS.requestTimeoutMs,
    connectionTimeout: LIMITS.requestTimeoutMs,
    // Behind a reverse proxy (README "Scale out"), limits key on the real client's address.
    trustProxy: trustProxyOption(deps.config.trustProxy ?? false),
    routerOptions: { maxParamLength: 200 },
  });

  const now = () => clock().getTime();
  app.decorate('db', deps.database.db);
  app.decorate('database', deps.database);
  app.decorate('config', deps.config);
  app.decorate('clock', clock);
  app.decorate('lifecycle', new EventEmitter() as Lifecycle);
  const mailer =
    deps.mailer ??
    createMailer({ smtpUrl: deps.config.smtpUrl ?? null, from: deps.config.mailFrom ?? 'Wallflower <wallflower@localhost>', dataDir: deps.config.dataDir, log: app.log, clock });
  app.decorate('mailer', mailer);
  // What was handed over is sent before the app closes.
  app.addHook('onClose', async () => mailer.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(cookie);
  // Frames over 16 KiB close the socket (DESIGN 4); ws would otherwise take 100 MiB.
  await app.register(websocket, { options: { maxPayload: LIMITS.wsFrameBytes } });
  registerSecurity(app);
  registerSession(app);
  registerGuard(app);
  await registerRateLimits(app, { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits }, {
    redis: deps.rateLimitRedis,
    namespace: deps.rateLimitNamespace,
  });
  registerActivity(app);

  // Changes made here are announced to the other instances, and theirs emitted here
  // (not announced again).
  let applyingRemote = false;
  /** A message stored by another instance; one that does not read as a chat message is dropped. */
  const sentElsewhere = (json: string) => {
    let value: unknown = null;
    try {
      value = JSON.parse(json);
    } catch {
      // dropped below
    }
    const parsed = ChatMessageSchema.safeParse(value);
    if (parsed.success) app.lifecycle.emit('chat.sent', parsed.data);
    else app.log.warn('live bus: a sent message that does not read as one was dropped');
  };
  /** Position reports kept by another instance; any that does not read as one is dropped. */
  const positionsElsewhere = (json: string) => {
    for (const [eventId, userId, note] of positionsOf(json)) app.lifecycle.emit('position.kept', eventId, userId, note);
  };
  const applyRemote = (change: Change) => {
    applyingRemote = true;
    try {
      const [x = '', y = ''] = change.ids;
      if (change.kind === 'user') app.lifecycle.emit('user.changed', x);
      else if (change.kind === 'relation') app.lifecycle.emit('relation.changed', x, y);
      else if (change.kind === 'request') app.lifecycle.emit('request.changed', x, y);
      else if (change.kind === 'event') app.lifecycle.emit('event.changed', x);
      else if (change.kind === 'kept') app.lifecycle.emit('kept.changed', change.ids);
      else if (change.kind === 'read') app.lifecycle.emit('conversation.read', x, y, change.ids[2] ?? '', change.ids[3] ?? '');
      else if (change.kind === 'sent') sentElsewhere(x);
      else if (change.kind === 'positions') positionsElsewhere(x);
      else app.lifecycle.emit('event.joined', x, y);
    } finally {
      applyingRemote = false;
    }
  };
  const hub = new Hub({
    bus: deps.bus,
    now,
    onError: (message, err) => app.log.warn({ err }, message),
    // A disconnect published by any instance (ban, logout…) ends this instance's kept sessions too.
    onDisconnect: (userId) => app.sessionCache.forgetUser(userId),
    onChange: applyRemote,
    // Announcements may have been lost (the bus was cut off): everything kept from them is read again.
    onMissed: () => {
      app.log.warn('live bus: announcements may have been missed (Redis was cut off); everything kept is read again');
      keptReads(app.db).clear();
      app.sessionCache.forgetAll();
    },
    validSessions: async (hashes) => {
      const rows = await app.db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(and(inArray(sessions.tokenHash, hashes), gt(sessions.expiresAt, clock())));
      return new Set(rows.map((r) => r.tokenHash));
    },
  });
  app.decorate('hub', hub);
  app.decorate('realtime', deps.realtime ?? hub);
  app.addHook('onClose', async () => hub.close());

  // Web Push (issue 41): the VAPID keys configured, or made at the first start and kept.
  const vapidKeys =
    deps.config.vapidPublicKey && deps.config.vapidPrivateKey
      ? { publicKey: deps.config.vapidPublicKey, privateKey: deps.config.vapidPrivateKey }
      : await ensureVapidKeys(deps.database.db, makeVapidKeys);
  const sender = new PushSender({
    ...deps.pushOptions,
    vapid: { subject: deps.config.vapidSubject ?? vapidSubjectFrom({}), ...vapidKeys },
    onError: (message, err) => app.log.warn({ err }, message),
  });
  const pushJobs = new PushJobs((message, err) => app.log.warn({ err }, message));
  const claimOnce = onceClaimer(deps.pushRedis ?? deps.rateLimitRedis ?? null, deps.pushNamespace ?? 'wallflower');
  app.decorate('push', { publicKey: vapidKeys.publicKey, offer: pushJobs.offer, send: sender.send, claimOnce } satisfies Push);
  app.decorate('pushJobs', pushJobs);
  app.addHook('onClose', async () => {
    sender.close();
    await pushJobs.idle();
  });
  const announce = (change: Change) => {
    if (!applyingRemote) void hub.announceChange(change);
  };
  app.lifecycle.on('user.changed', (id) => announce({ kind: 'user', ids: [id] }));
  app.lifecycle.on('user.sessionsEnded', (id) => announce({ kind: 'user', ids: [id] }));
  app.lifecycle.on('relation.changed', (a, b) => announce({ kind: 'relation', ids: [a, b] }));
  app.lifecycle.on('request.changed', (a, b) => announce({ kind: 'request', ids: [a, b] }));
  app.lifecycle.on('event.joined', (eventId, userId) => announce({ kind: 'joined', ids: [eventId, userId] }));
  app.lifecycle.on('event.changed', (eventId) => announce({ kind: 'event', ids: [eventId] }));
  app.lifecycle.on('kept.changed', (tags) => announce({ kind: 'kept', ids: tags }));
  app.lifecycle.on('conversation.read', (reader, kind, id, atMs) => announce({ kind: 'read', ids: [reader, kind, id, atMs] }));
  app.lifecycle.on('chat.sent', (m) => announce({ kind: 'sent', ids: [JSON.stringify(m)] }));
  // Positions, a report every 10 s from every attendee, cross the bus gathered (realtime/batch.ts);
  // with no bus of its own the app is the one instance, and nobody else needs them.
  const positions = new Batch<KeptPosition>(POSITION_BATCH_MS, POSITION_BATCH_MAX, (list) => announce({ kind: 'positions', ids: [JSON.stringify(list)] }));
  if (deps.bus) {
    app.lifecycle.on('position.kept', (eventId, userId, note) => {
      if (!applyingRemote) positions.add([eventId, userId, note]);
    });
  }
  // Kept reads follow every change, made here or announced by another instance.
  const stopKept = followKeptReads(app.db, app.lifecycle);
  const stopReadMarks = followReadMarks(app.db, app.lifecycle);
  const stopPositions = followPositions(app.db, app.lifecycle);
  // Breaks that run out are ended (held requests delivered, "Welcome back") by every instance's sweep.
  const stopSweeping = sweepBreaks(app);
  // Meeting reminders come due on the same terms (use-cases/meetings.ts).
  const stopReminders = sweepReminders(app);
  // Reports about people deleted 30 days ago go (issue 42).
  const stopPurging = sweepErasedReports(app);
  // Recap nudges (issue 43 item 4) the day after an event, the same way.
  const stopNudges = sweepRecapNudges(app);
  // Pods (issue 43 item 3) form within 10 s: every instance sweeps; a lock per event makes one pod.
  const stopPods = sweepPods(app);
  app.addHook('onClose', async () => {
    stopReadMarks();
    stopPositions();
    positions.flush();
    await stopSweeping();
    await stopReminders();
    await stopPurging();
    await stopNudges();
    await stopPods();
    await stopKept();
  });

  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await registerCompression(api);
      await api.register(healthRoutes);
      await api.register(accountRoutes);
      await api.register(passkeysRoutes);
      await api.register(calendarRoutes);
      await api.register(accountDataRoutes);
      await api.register(eventsRoutes);
      await api.register(discoveryRoutes);
      await api.register(usersRoutes);
      await api.register(openingMovesRoutes);
      await api.register(chatRoutes);
      await api.register(recapRoutes);
      await api.register(podsRoutes);
      await api.register(cardsRoutes);
      await api.register(conversationsRoutes);
      await api.register(connectionsRoutes);
      await api.register(connectCodesRoutes);
      await api.register(notificationsRoutes);
      await api.register(groupChatsRoutes);
      await api.register(photosRoutes);
      await api.register(eventInsightsRoutes);
      await api.register(subscriptionRoutes);
      await api.register(businessCardRoutes);
      await api.register(groupsRoutes);
      await api.register(adminRoutes);
      await api.register(statusRoutes);
      await api.register(reportsRoutes);
      await api.register(adminEventsRoutes);
      await api.register(organizerRoutes);
      await api.register(meetingsRoutes);
      await api.register(pushRoutes);
    },
    { prefix: '/api' },
  );
  // The live channel lives at /ws/{userId}, beside /api.
  await app.register(liveRoutes);

  // Pages the server makes itself, beside the app's files (a route wins over their fallback).
  await app.register(accessibilityPage);
  await registerStatic(app, deps.config.staticDir);
  return app;
}
