/**
 * What a use case works with: the database, the clock, live delivery, the lifecycle
 * events other parts react to, and the limits. The Fastify app provides all of it (its
 * decorations), so a route passes `app`; a use case never sees a request or a reply.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Lifecycle } from '../app';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Limits } from '../plugins/rate-limits';
import type { SessionCache } from '../plugins/session';
import type { Realtime } from '../realtime/hub';

export interface Ctx {
  db: Db;
  database: Database;
  config: Config;
  clock: () => Date;
  realtime: Realtime;
  lifecycle: Lifecycle;
  limits: Limits;
  /** Kept sessions, forgotten at logout. */
  sessionCache: SessionCache;
  log: FastifyBaseLogger;
}

/** The client a request came from, for limits counted per account and client. */
export type ClientId = string;
