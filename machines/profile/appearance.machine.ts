/**
 * How the app looks on this device (issue 20): a theme (follow the system, light, dark,
 * high contrast) and a text size (default, large, larger). Each choice is applied to the
 * page at once and remembered on the device (`keep`, given by the app: machines/profile/appearance.ts).
 */
import { assign, setup } from 'xstate';
import type { Appearance, TextSize, ThemeChoice } from './appearance';

export type AppearanceEvent = { type: 'appearance.themeChosen'; theme: ThemeChoice } | { type: 'appearance.textSizeChosen'; textSize: TextSize };

export const appearanceMachine = setup({
  types: { context: {} as Appearance, input: {} as Appearance, events: {} as AppearanceEvent },
  actions: {
    // The app applies and keeps it (applyAppearance); tests record it.
    keep: (_, _params: Appearance) => {},
  },
}).createMachine({
  id: 'appearance',
  context: ({ input }) => input,
  on: {
    'appearance.themeChosen': {
      actions: [assign({ theme: ({ event }) => event.theme }), { type: 'keep', params: ({ context }) => context }],
    },
    'appearance.textSizeChosen': {
      actions: [assign({ textSize: ({ event }) => event.textSize }), { type: 'keep', params: ({ context }) => context }],
    },
  },
});
