/** What the PWA chart tells the push chart (push.machine.ts), apart from both so neither chunk carries the other. */
export type PushPermitted = { type: 'push.permitted' };
