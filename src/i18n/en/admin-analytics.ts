/** The English words of admin-analytics (issue 16): the figures per day, as charts, over a span the admin chooses. */
import { plural } from '../../components/format';
import type { Part } from '../i18n';

/** The busiest day of a chart: its value, and the day as the table says it. */
export interface Busiest {
  value: number;
  day: string;
}

/** "the last 30 days". */
const lastDays = (days: number) => `the last ${plural('en', days, { one: '# day', other: '# days' })}`;
const most = (top: Busiest) => `the most, ${top.value}, on ${top.day}`;
/** A chart's summary that counts: in all, and its busiest day; or that there was none. */
const summed = (what: string, one: string, many: string) => (days: number, total: number, top: Busiest | null) =>
  top ? `${what} over ${lastDays(days)}: ${plural('en', total, { one: `# ${one}`, other: `# ${many}` })} in all; ${most(top)}.` : `No ${many} over ${lastDays(days)}.`;

export const ADMIN_ANALYTICS = {
  id: 'adminAnalytics',
  en: {
    loading: 'Loading analytics…',
    failed: "We couldn't load the analytics just now.",
    span: 'Show the last',
    spanOption: (days: number) => `${days} days`,
    refreshing: 'Refreshing…',
    perDay: 'Per day in UTC, oldest first, today last.',
    figures: (days: number) => `Figures over ${lastDays(days)}`,
    over: (days: number) => `Over ${lastDays(days)}.`,
    dayByDay: (caption: string) => `${caption}, day by day`,
    day: 'Day',
    signUps: 'Sign-ups',
    mostActive: 'Most active in a day',
    requestsSent: 'Requests sent',
    requestsAccepted: 'Requests accepted',
    reports: 'Reports',
    signUpsPerDay: 'Sign-ups per day',
    activePerDay: 'Active people per day',
    activePeople: 'Active people',
    requestsPerDay: 'Connection requests per day',
    sent: 'Sent',
    accepted: 'Accepted',
    reportsPerDay: 'Reports per day',
    signUpsSummary: summed('Sign-ups', 'sign-up', 'sign-ups'),
    activeSummary: (days: number, top: Busiest | null) =>
      top ? `People active each day over ${lastDays(days)}: ${most(top)}.` : `Nobody was active over ${lastDays(days)}.`,
    requestsSummary: (days: number, sent: number, accepted: number) =>
      `Connection requests over ${lastDays(days)}: ${sent} sent, ${accepted} accepted.`,
    reportsSummary: summed('Reports', 'report', 'reports'),
  },
} satisfies Part<unknown>;
