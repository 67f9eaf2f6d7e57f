/**
 * The element ids forms are named by, apart from form-errors.ts: the shared form pieces of
 * the entry script (src/components/ui.tsx) need these and none of the error wording.
 */

/** The element id of a form's field: `${form}-${field}`; views name their inputs with it. */
export const fieldDomId = (form: string, field: string): string => `${form}-${field}`;
/** The element id of a form's own message. */
export const formErrorDomId = (form: string): string => `${form}-error`;
