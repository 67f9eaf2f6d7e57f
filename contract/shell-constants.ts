/**
 * The few constants the app's shell uses (the root chart, its toasts and the admin keys,
 * in the entry script): apart from constants.ts, so the entry carries these and not every
 * constant of the views' chunks (a module the entry imports lands in the entry whole).
 * constants.ts re-exports them, so they are still written once.
 */
export const NEARBY_PAGE_DEFAULT = 30;
export const TOAST_LIFETIME_MS = 5_000;
export const ADMIN_KEY_SEQUENCE = ['ControlLeft', 'ShiftLeft', 'KeyA', 'KeyD', 'KeyM', 'KeyI', 'KeyN'] as const;
export const ADMIN_KEY_SEQUENCE_MAX_USES = 3;
