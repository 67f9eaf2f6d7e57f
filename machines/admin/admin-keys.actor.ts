/**
 * Listens for the hidden key sequence of SPEC 2 (left Control, left Shift, then A, D,
 * M, I, N) and reports it once complete. The root chart counts the uses.
 */
import { fromCallback } from 'xstate';
import { ADMIN_KEY_SEQUENCE } from '../../contract/shell-constants';

export type AdminKeysEvent = { type: 'admin.entryRequested' };

/** Pure step of the sequence: how many keys are matched after `code`. */
export function advanceSequence(matched: number, code: string): number {
  if (code === ADMIN_KEY_SEQUENCE[matched]) return matched + 1;
  return code === ADMIN_KEY_SEQUENCE[0] ? 1 : 0;
}

export const adminKeysActor = fromCallback<{ type: never }>(({ sendBack }) => {
  if (typeof window === 'undefined') return () => {};
  let matched = 0;
  const onKey = (e: KeyboardEvent) => {
    if (e.repeat) return;
    matched = advanceSequence(matched, e.code);
    if (matched === ADMIN_KEY_SEQUENCE.length) {
      matched = 0;
      sendBack({ type: 'admin.entryRequested' } satisfies AdminKeysEvent);
    }
  };
  window.addEventListener('keydown', onKey);
  return () => window.removeEventListener('keydown', onKey);
});
