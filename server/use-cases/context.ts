/**
 * What a use case works with: the ports every floor shares (core/context.ts: the clock,
 * live delivery, the lifecycle events, the limits, kept sessions, a logger), the database
 * and the configuration. The Fastify app provides all of it (its decorations), so a route
 * passes `app`; a use case never sees a request or a reply.
 */
import type { Config } from '../config';
import type { Ports } from '../core/context';
import type { Database, Db } from '../db/client';

export interface Ctx extends Ports {
  db: Db;
  database: Database;
  config: Config;
}

/** The client a request came from, for limits counted per account and client. */
export type ClientId = string;
