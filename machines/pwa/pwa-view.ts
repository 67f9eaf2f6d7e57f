/**
 * What the top bar shows of the PWA chart (pwa.machine.ts), apart from the chart so the
 * entry script carries only this: the chart itself arrives in a chunk of its own
 * (lazy-charts.ts), started as the app opens.
 */
import type { PwaContext } from './pwa.machine';

/** Top bar facts, derived here rather than in the component. */
export const pwaView = (c: PwaContext) => ({
  showInstall: c.installAvailable && !c.installed,
  showInstalled: c.installed,
  showEnableNotifications: c.permission === 'default',
  notificationsOff: c.notificationsOff,
  showWhyNotifications: c.explaining && c.permission === 'default',
  showUpdatePrompt: c.updateAvailable,
});
