/**
 * The whole data model of SPEC 3 as one Drizzle schema, its tables by area in schema/.
 * It runs unchanged on PGlite and PostgreSQL; `npm run db:generate` (drizzle.config.ts
 * reads this file) writes the SQL migrations applied at start.
 */
export * from './schema/accounts';
export * from './schema/events';
export * from './schema/chats';
export * from './schema/social';
export * from './schema/admin';
export * from './schema/recap';
export * from './schema/pods';
