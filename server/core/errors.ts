/** An error with an honest HTTP status and a sentence for the person who caused it. */
import { SERVER_DETAILS } from '../../contract/messages';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    /** Fields sent beside the detail (a banned account's `ban`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'You need to be signed in to do that') => new HttpError(401, detail);
export const forbidden = (detail = 'You are not allowed to do that', extra: Record<string, unknown> = {}) =>
  new HttpError(403, detail, {}, extra);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const tooManyRequests = (retryAfterSec: number, detail: string = SERVER_DETAILS.tooManyAttempts) =>
  new HttpError(429, detail, { 'retry-after': String(retryAfterSec) });
