/**
 * What a use case is given besides the data: the clock, live delivery, the lifecycle
 * events, the limits, the kept sessions and a logger, as ports. The plugins and the hub
 * implement them and the app carries them (its decorations), so a route passes `app`; the
 * use cases name them here, without the app or the plugins. The database handles and the
 * configuration join them in use-cases/context.ts (`Ctx`), a floor that may name `db/`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Lifecycle } from './lifecycle';
import type { Mailer } from './mail';
import type { Push } from './push';
import type { Realtime } from './realtime';

/** Whose passwords: a person's login, an admin's login, or the current password before a change. */
export type PasswordScope = 'login' | 'admin' | 'change' | 'admin-change';

/** Counters the use cases consult (plugins/rate-limits.ts counts them). */
export interface Limits {
  /** Counts one new chat or group message of the user; 429 with a kind detail past the limit. */
  message(userId: string): Promise<void>;
  /** Counts one new report of the user; 429 with a kind detail past the limit. */
  report(userId: string): Promise<void>;
  /** Before a password is checked: 429 while this client must wait. */
  beforePasswordCheck(scope: PasswordScope, account: string, client: string): Promise<void>;
  passwordFailed(scope: PasswordScope, account: string, client: string): Promise<void>;
  passwordSucceeded(scope: PasswordScope, account: string, client: string): Promise<void>;
}

/** The sessions kept a moment per token (plugins/session.ts), for ending them at once. */
export interface KeptSessions {
  /** This token's session ended (logout). */
  forgetToken(tokenHash: string): void;
  /** The user's row or sessions changed: every kept session of theirs is read again. */
  forgetUser(userId: string): void;
}

export interface Ports {
  clock: () => Date;
  realtime: Realtime;
  lifecycle: Lifecycle;
  limits: Limits;
  /** Kept sessions, forgotten at logout. */
  sessionCache: KeptSessions;
  log: FastifyBaseLogger;
  /** Email, sent after the answer (core/mail.ts). */
  mailer: Mailer;
  /** Web Push to devices whose app is closed (issue 41). */
  push: Push;
}
