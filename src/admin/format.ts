/** Dates as the admin reads them, in their own locale and time zone. */
export const formatDate = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : 'Never';

export const formatDateTime = (iso: string | null): string =>
  iso
    ? new Date(iso).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
    : 'Never';

/** A day of the analytics (YYYY-MM-DD, a UTC day) as the axis shows it, short, or as the table says it. */
const dayShort = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayLong = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
export const formatDay = (date: string, long = false): string => (long ? dayLong : dayShort).format(new Date(`${date}T00:00:00Z`));
