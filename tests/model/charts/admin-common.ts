/** What the models of the admin area's charts share: how a call they make can fail. */
import type { AnyEventObject } from 'xstate';
import { MESSAGES } from '../../../contract/messages';
import { ApiError } from '../../../machines/api/client';

/** A failed call: the server's trouble, or the admin's session gone (which signs the admin out). */
export const trouble = (which: 'both' | 'server trouble'): Array<{ variant: string; error: ApiError }> =>
  [
    { variant: 'server trouble', error: new ApiError(500, 'Internal error') },
    { variant: 'session gone', error: new ApiError(401, 'Admin user not loaded') },
  ].filter((v) => which === 'both' || v.variant === which);

/** The path ends here: the admin chart signs out, and every chart of the admin area with it. */
export const sessionGone = (e: AnyEventObject): boolean => e.variant === 'session gone';

/** What the admin sees once signed out that way. */
export const SIGNED_OUT = `the login view and the toast “${MESSAGES.adminUserNotLoaded.message}”`;

/**
 * The end of a screen's load, when `type` is its done (each answer the server may give) or
 * its error (each failure); null for any other event.
 */
export function loadOutcome(
  type: string,
  ends: { done: string; error: string },
  answers: () => ReadonlyArray<{ variant?: string; output: unknown }>,
): AnyEventObject[] | null {
  if (type === ends.done) return answers().map((a) => ({ type, ...a }));
  if (type === ends.error) return trouble('both').map((v) => ({ type, ...v }));
  return null;
}
