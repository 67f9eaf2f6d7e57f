/** Dates as the admin reads them, in the language shown and their own time zone. */
import { localeFor } from '../components/format';
import { shownLanguage, words } from '../i18n/i18n';
import { ADMIN } from '../i18n/en/admin';

const locale = () => localeFor(shownLanguage());

export const formatDate = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleDateString(locale(), { year: 'numeric', month: 'short', day: 'numeric' }) : words(ADMIN).never;

export const formatDateTime = (iso: string | null): string =>
  iso
    ? new Date(iso).toLocaleString(locale(), { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
    : words(ADMIN).never;

/** A day of the analytics (YYYY-MM-DD, a UTC day) as the axis shows it, short, or as the table says it; made once per locale. */
const DAY_SHORT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', timeZone: 'UTC' };
const DAY_LONG: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
const dayFormats = new Map<string, { short: Intl.DateTimeFormat; long: Intl.DateTimeFormat }>();
export function formatDay(date: string, long = false): string {
  const tag = locale();
  let f = dayFormats.get(tag);
  if (!f) dayFormats.set(tag, (f = { short: new Intl.DateTimeFormat(tag, DAY_SHORT), long: new Intl.DateTimeFormat(tag, DAY_LONG) }));
  return (long ? f.long : f.short).format(new Date(`${date}T00:00:00Z`));
}
