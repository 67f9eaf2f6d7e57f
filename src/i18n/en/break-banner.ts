/** The English words of the banner while on a break, and of "Welcome back" after it (issue 16). */
import type { Part } from '../i18n';

export const BREAK_BANNER = {
  id: 'breakBanner',
  en: {
    yourBreak: 'Your break',
    /** `until`: "until 15:30" and the like (format.ts breakUntil, said in the language shown). */
    onBreak: (until: string) => `You're on a break ${until}.`,
    hidden: "People nearby and in search can't see you, and requests wait quietly until you're back.",
    line: (line: string) => `Your connections see: “${line}”`,
    comingBack: 'Coming back…',
    back: "I'm back",
    welcomeBack: 'Welcome back',
  },
} satisfies Part<unknown>;
