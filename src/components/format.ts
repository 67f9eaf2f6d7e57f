/** Wording helpers for what the views show; no behaviour. */
import { ANXIETY_FEATURE_LABELS, type AnxietyFeature } from '../../contract/constants';
import type { Language } from '../../machines/profile/language';
import { say, shownLanguage, words } from '../i18n/i18n';
import { UNTIL } from '../i18n/en/until';

/** 'interest-based' -> 'Interest-based'. */
export const typeLabel = (t: string): string => (t ? t[0]!.toUpperCase() + t.slice(1).replace(/_/g, ' ') : t);

/** A feature's readable label; an unknown one is shown as written, underscores spaced. */
export const featureLabel = (f: string): string =>
  f in ANXIETY_FEATURE_LABELS ? say(ANXIETY_FEATURE_LABELS[f as AnxietyFeature]) : typeLabel(f);

/** The words an event's attendance line is said in (the events list's and the event's own). */
interface AttendanceWords {
  attending: (n: number) => string;
  connectionsAttending: (n: number) => string;
  joinToSeeWho: string;
}

/**
 * How many attend, as far as the viewer may know (issue 40): an attendee's count is of
 * everyone they may see; before joining, only their connections there are known.
 */
export function attendanceLine(e: { is_attending: boolean; attendee_count: number }, w: AttendanceWords): string {
  if (e.is_attending) return w.attending(e.attendee_count);
  return e.attendee_count > 0 ? w.connectionsAttending(e.attendee_count) : w.joinToSeeWho;
}

/**
 * A date formatter made on its first use in each language shown (issue 20): the page's
 * first Intl formatter costs tens of milliseconds (locale data), which the app's start
 * (the login view) need not pay.
 */
function lazyDateFormat(options: Intl.DateTimeFormatOptions): { format: (d: Date) => string } {
  const made = new Map<Language, Intl.DateTimeFormat>();
  return {
    format: (d) => {
      const language = shownLanguage();
      let f = made.get(language);
      if (!f) made.set(language, (f = new Intl.DateTimeFormat(localeFor(language), options)));
      return f.format(d);
    },
  };
}

/** A time of day, "18:05", in the language shown. */
export const timeOnly = lazyDateFormat({ hour: '2-digit', minute: '2-digit' });

export const attendeeCount = (n: number): string => (n === 1 ? '1 attending' : `${n} attending`);

const shortDay = lazyDateFormat({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** A message's or notification's time: the time alone today, the day and time before. */
export function messageTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toDateString() === now.toDateString() ? timeOnly.format(d) : shortDay.format(d);
}

const longDay = lazyDateFormat({ weekday: 'long', day: 'numeric', month: 'long' });
const longDayInYear = lazyDateFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/**
 * A moment in the person's own time zone and words: "Monday 30 November, 20:23" (the year
 * too when it is not this one).
 */
export function dayAndTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const day = d.getFullYear() === now.getFullYear() ? longDay.format(d) : longDayInYear.format(d);
  return `${day}, ${timeOnly.format(d)}`;
}

/**
 * When a break ends, in the person's own time and the language shown: "until 15:30", "until tomorrow,
 * 08:00", "until Monday 30 November, 20:23", or "until you come back" (no end).
 */
export function breakUntil(iso: string | null, now: Date = new Date()): string {
  const w = words(UNTIL);
  const d = iso ? new Date(iso) : null;
  if (!d || Number.isNaN(d.getTime())) return w.noEnd;
  if (d.toDateString() === now.toDateString()) return w.today(timeOnly.format(d));
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  if (d.toDateString() === tomorrow.toDateString()) return w.tomorrow(timeOnly.format(d));
  return w.later(dayAndTime(iso!, now));
}

/*
 * Plurals and dates in a language, through the browser's Intl (issue 20): the catalogues'
 * sentences (src/i18n) use these, so "1 person" and "2 people" follow each language's rules.
 */
const rules = new Map<Language, Intl.PluralRules>();

/** The words for `n` in `language`, by its plural category (CLDR: one, few, many, other…). */
export function plural(language: Language, n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }): string {
  let r = rules.get(language);
  if (!r) rules.set(language, (r = new Intl.PluralRules(language)));
  return (forms[r.select(n)] ?? forms.other).replace('#', String(n));
}

/**
 * The locale dates are written in: the browser's own variant of the language where it has
 * one ('en-GB' writes 1 December, 'de-AT' Jänner), else the language itself.
 */
export function localeFor(language: Language, preferred: readonly string[] = navigator.languages ?? []): string {
  return preferred.find((tag) => tag.split('-')[0]!.toLowerCase() === language) ?? language;
}
