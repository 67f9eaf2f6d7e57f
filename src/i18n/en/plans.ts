/** The English words of the plan chooser (SPEC 2 "Plan chooser"); plans' descriptions and features are the server's. */
import type { Part } from '../i18n';

export const PLAN_CHOOSER = {
  id: 'planChooser',
  en: {
    title: 'Choose your plan',
    close: 'Close',
    loading: 'Loading plans…',
    failed: "We couldn't load the plans just now.",
    list: 'Plans',
    featuresOf: (plan: string) => `${plan} features`,
    current: 'Current plan',
    /** A plan's button: its verb (plans.machine.ts choiceVerb), then, for screen readers, "to Premium". */
    verbs: { Upgrade: 'Upgrade', Switch: 'Switch', 'Go back': 'Go back' },
    toPlan: (plan: string) => `to ${plan}`,
    changing: 'Changing your plan…',
    moveTo: (plan: string) => `Yes, move to ${plan}`,
    notNow: 'Not now',
  },
} satisfies Part<unknown>;
