/**
 * An error with an honest HTTP status and a sentence for the person who caused it: its
 * English detail (SPEC 8's words where the SPEC has them) with its code, the message id by
 * which another language says it, and the code's values (issue 38).
 */
import { SERVER_DETAILS } from '../../contract/messages';
import type { Said } from '../../contract/said';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly said: Said,
    readonly headers: Record<string, string> = {},
    /** Fields sent beside the detail (a banned account's `ban`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(said.message);
  }

  /** The English detail. */
  get detail(): string {
    return this.said.message;
  }
}

const NOT_SIGNED_IN: Said = /*i18n*/ { id: 'error.notSignedIn', message: 'You need to be signed in to do that' };
const NOT_ALLOWED: Said = /*i18n*/ { id: 'error.notAllowed', message: 'You are not allowed to do that' };
export const NOT_FOUND: Said = /*i18n*/ { id: 'error.notFound', message: 'Not found' };

export const badRequest = (said: Said) => new HttpError(400, said);
export const unauthorized = (said: Said = NOT_SIGNED_IN) => new HttpError(401, said);
export const forbidden = (said: Said = NOT_ALLOWED, extra: Record<string, unknown> = {}) => new HttpError(403, said, {}, extra);
export const notFound = (said: Said = NOT_FOUND) => new HttpError(404, said);
export const conflict = (said: Said) => new HttpError(409, said);
export const tooManyRequests = (retryAfterSec: number, said: Said = SERVER_DETAILS.tooManyAttempts) =>
  new HttpError(429, said, { 'retry-after': String(retryAfterSec) });
