/** The English words of admin-analytics (issue 16): the figures per day, as charts, over a span the admin chooses. */
import { plural, t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/admin-analytics.po';

english(messages);

/** The busiest day of a chart: its value, and the day as the table says it. */
export interface Busiest {
  value: number;
  day: string;
}


export const ADMIN_ANALYTICS = () => ({
  loading: t({ id: 'adminAnalytics.loading', message: 'Loading analytics…' }),
  failed: t({ id: 'adminAnalytics.failed', message: "We couldn't load the analytics just now." }),
  span: t({ id: 'adminAnalytics.span', message: 'Show the last' }),
  spanOption: (days: number) => t({ id: 'adminAnalytics.spanOption', message: `${days} days` }),
  refreshing: t({ id: 'adminAnalytics.refreshing', message: 'Refreshing…' }),
  perDay: t({ id: 'adminAnalytics.perDay', message: 'Per day in UTC, oldest first, today last.' }),
  figures: (days: number) => t({ id: 'adminAnalytics.figures', message: `Figures over the last ${plural(days, { one: '# day', other: '# days' })}` }),
  over: (days: number) => t({ id: 'adminAnalytics.over', message: `Over the last ${plural(days, { one: '# day', other: '# days' })}.` }),
  dayByDay: (caption: string) => t({ id: 'adminAnalytics.dayByDay', message: `${caption}, day by day` }),
  day: t({ id: 'adminAnalytics.day', message: 'Day' }),
  signUps: t({ id: 'adminAnalytics.signUps', message: 'Sign-ups' }),
  mostActive: t({ id: 'adminAnalytics.mostActive', message: 'Most active in a day' }),
  requestsSent: t({ id: 'adminAnalytics.requestsSent', message: 'Requests sent' }),
  requestsAccepted: t({ id: 'adminAnalytics.requestsAccepted', message: 'Requests accepted' }),
  reports: t({ id: 'adminAnalytics.reports', message: 'Reports' }),
  signUpsPerDay: t({ id: 'adminAnalytics.signUpsPerDay', message: 'Sign-ups per day' }),
  activePerDay: t({ id: 'adminAnalytics.activePerDay', message: 'Active people per day' }),
  activePeople: t({ id: 'adminAnalytics.activePeople', message: 'Active people' }),
  requestsPerDay: t({ id: 'adminAnalytics.requestsPerDay', message: 'Connection requests per day' }),
  sent: t({ id: 'adminAnalytics.sent', message: 'Sent' }),
  accepted: t({ id: 'adminAnalytics.accepted', message: 'Accepted' }),
  reportsPerDay: t({ id: 'adminAnalytics.reportsPerDay', message: 'Reports per day' }),
  /** A chart's summary that counts: in all, and its busiest day; or that there was none. */
  signUpsSummary: (days: number, total: number, top: Busiest | null) => {
    if (!top) return t({ id: 'adminAnalytics.noSignUps', message: `No sign-ups over the last ${plural(days, { one: '# day', other: '# days' })}.` });
    const { value, day } = top;
    return t({
      id: 'adminAnalytics.signUpsSummary',
      message: `Sign-ups over the last ${plural(days, { one: '# day', other: '# days' })}: ${plural(total, { one: '# sign-up', other: '# sign-ups' })} in all; the most, ${value}, on ${day}.`,
    });
  },
  activeSummary: (days: number, top: Busiest | null) => {
    if (!top) return t({ id: 'adminAnalytics.nobodyActive', message: `Nobody was active over the last ${plural(days, { one: '# day', other: '# days' })}.` });
    const { value, day } = top;
    return t({
      id: 'adminAnalytics.activeSummary',
      message: `People active each day over the last ${plural(days, { one: '# day', other: '# days' })}: the most, ${value}, on ${day}.`,
    });
  },
  requestsSummary: (days: number, sent: number, accepted: number) =>
    t({
      id: 'adminAnalytics.requestsSummary',
      message: `Connection requests over the last ${plural(days, { one: '# day', other: '# days' })}: ${sent} sent, ${accepted} accepted.`,
    }),
  reportsSummary: (days: number, total: number, top: Busiest | null) => {
    if (!top) return t({ id: 'adminAnalytics.noReports', message: `No reports over the last ${plural(days, { one: '# day', other: '# days' })}.` });
    const { value, day } = top;
    return t({
      id: 'adminAnalytics.reportsSummary',
      message: `Reports over the last ${plural(days, { one: '# day', other: '# days' })}: ${plural(total, { one: '# report', other: '# reports' })} in all; the most, ${value}, on ${day}.`,
    });
  },
});
