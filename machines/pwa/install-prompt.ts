/**
 * The browser offers its install prompt (`beforeinstallprompt`) once, and maybe before the
 * PWA chart's chunk has arrived: the entry keeps it from the start (src/main.tsx), and the
 * chart's install actor takes it as it starts (pwa.actors.ts).
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let kept: BeforeInstallPromptEvent | null = null;

/** Holds the first install prompt back from the browser's own bar until the chart takes it. */
export function keepInstallPrompt(): void {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  const keep = (e: Event) => {
    e.preventDefault();
    kept = e as BeforeInstallPromptEvent;
  };
  window.addEventListener('beforeinstallprompt', keep, { once: true });
}

/** The prompt offered before the chart started, once (null when none was). */
export function takeInstallPrompt(): BeforeInstallPromptEvent | null {
  const prompt = kept;
  kept = null;
  return prompt;
}
