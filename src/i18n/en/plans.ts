/** The English words of the plan chooser (SPEC 2 "Plan chooser"); plans' descriptions and features are the server's. */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/plans.po';

english(messages);

export const PLAN_CHOOSER = () => ({
  title: t({ id: 'planChooser.title', message: 'Choose your plan' }),
  close: t({ id: 'planChooser.close', message: 'Close' }),
  loading: t({ id: 'planChooser.loading', message: 'Loading plans…' }),
  failed: t({ id: 'planChooser.failed', message: "We couldn't load the plans just now." }),
  list: t({ id: 'planChooser.list', message: 'Plans' }),
  featuresOf: (plan: string) => t({ id: 'planChooser.featuresOf', message: `${plan} features` }),
  current: t({ id: 'planChooser.current', message: 'Current plan' }),
  /** A plan's button: its verb (plans.machine.ts choiceVerb), then, for screen readers, "to Premium". */
  verbs: { Upgrade: t({ id: 'planChooser.verbs.Upgrade', message: 'Upgrade' }), Switch: t({ id: 'planChooser.verbs.Switch', message: 'Switch' }), 'Go back': t({ id: 'planChooser.verbs.Go back', message: 'Go back' }) },
  toPlan: (plan: string) => t({ id: 'planChooser.toPlan', message: `to ${plan}` }),
  changing: t({ id: 'planChooser.changing', message: 'Changing your plan…' }),
  moveTo: (plan: string) => t({ id: 'planChooser.moveTo', message: `Yes, move to ${plan}` }),
  notNow: t({ id: 'planChooser.notNow', message: 'Not now' }),
});
