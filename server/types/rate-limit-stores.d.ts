/**
 * The stores @fastify/rate-limit ships (store/LocalStore.js, store/RedisStore.js), typed
 * for server/plugins/rate-limits.ts, which counts with them directly where a limit is
 * decided inside a use case. `lru` and `redis`/`key` are the fields each keeps its
 * counts under (the stores have no reset of their own).
 */
declare module '@fastify/rate-limit/store/LocalStore.js' {
  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  class LocalStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, cache?: number);
    lru: { delete(key: string): void };
    incr(key: string, cb: Callback, timeWindow: number, max: number): void;
    read(key: string, cb: Callback, timeWindow: number, max: number): void;
  }
  export default LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';
  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  class RedisStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string);
    incr(key: string, cb: Callback, timeWindow: number, max: number): void;
    read(key: string, cb: Callback, timeWindow: number, max: number): void;
  }
  export default RedisStore;
}
