/** Types of ./pglite-prepared.mjs (plain JavaScript, for the database thread). */
import type { PGlite } from '@electric-sql/pglite';

export declare const STATEMENTS_KEPT: number;

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, type: number) => unknown>;
}

export interface Queryable {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown>;
}

/** Answers as PGlite's `query` does; `target` runs what is not prepared. */
export type PreparedQuery = (target: Queryable, inTransaction: boolean, sql: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;

/** Whether a statement is a query's seen before (remembering it otherwise). */
export declare function seenBefore(): (sql: string) => boolean;

export declare function preparedQueries(db: PGlite): PreparedQuery;
