/** Column shapes every table of the schema uses. */
import { jsonb, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const stringList = (name: string) => jsonb(name).$type<string[]>().notNull().default([]);
