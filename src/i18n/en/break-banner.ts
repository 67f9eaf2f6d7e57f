/** The English words of the banner while on a break, and of "Welcome back" after it (issue 16). */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/break-banner.po';

english(messages);

export const BREAK_BANNER = () => ({
  yourBreak: t({ id: 'breakBanner.yourBreak', message: 'Your break' }),
  /** `until`: "until 15:30" and the like (format.ts breakUntil, said in the language shown). */
  onBreak: (until: string) => t({ id: 'breakBanner.onBreak', message: `You're on a break ${until}.` }),
  line: (line: string) => t({ id: 'breakBanner.line', message: `Your connections see: “${line}”` }),
  comingBack: t({ id: 'breakBanner.comingBack', message: 'Coming back…' }),
  back: t({ id: 'breakBanner.back', message: "I'm back" }),
  welcomeBack: t({ id: 'breakBanner.welcomeBack', message: 'Welcome back' }),
});
