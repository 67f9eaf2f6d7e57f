/**
 * What a form's chart uses to tell the root about its edits (issue 39, unsaved.ts): the
 * edits are compared with what the form loaded, value by value, so a field changed back
 * is no edit. Imported by the forms' charts only, so it is in their chunks.
 */
import type { EditsChanged } from './unsaved';

export type { EditsChanged, EditsOrder, EditsSaveFailed, SignOutConfirmed, SignOutRequested } from './unsaved';

/** The same values, however deep (plain data: a form's draft and what it loaded). */
export function sameValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (!sameValues((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}

/** Told to the root after each edit: whether the form's draft differs from what it loaded. */
export const editsChanged = (chart: string, draft: unknown, loaded: unknown): EditsChanged => ({
  type: 'edits.changed',
  chart,
  dirty: !sameValues(draft, loaded),
});
