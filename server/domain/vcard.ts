/**
 * vCard 4.0 (RFC 6350) through ical.js, which writes vCards as well as calendars: it escapes
 * text values (section 3.4; a semicolon only where a field of a compound value holds it) and
 * folds lines at 75 octets without splitting a character (3.2).
 * Line breaks in a value become one LF first, so no bare CR reaches a line. Pure.
 */
import ICAL from 'ical.js';

// ical.js folds after foldLength octets, then starts the next line with a space: one less
// keeps every line, its space included, within RFC 6350's 75.
ICAL.foldLength = 74;

export interface CardLine {
  name: string;
  params?: Record<string, string>;
  /** Text; the fields of a compound value (N, ORG); or `{ uri }`. */
  value: string | string[] | { uri: string };
}

const clean = (text: string): string => text.replace(/\r\n?/g, '\n');

const isEmpty = (v: CardLine['value']): boolean =>
  typeof v === 'string' ? v === '' : Array.isArray(v) ? v.every((p) => p === '') : v.uri === '';

/** One line as jCard (RFC 7095) holds it. */
const jcard = ({ name, params, value }: CardLine): unknown[] => [
  name.toLowerCase(),
  Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k.toLowerCase(), clean(v).replace(/["\n]/g, '')])),
  typeof value === 'object' && !Array.isArray(value) ? 'uri' : 'text',
  typeof value === 'string' ? clean(value) : Array.isArray(value) ? value.map(clean) : value.uri.replace(/[\r\n]/g, ''),
];

/** One vCard: FN is required; lines whose value is empty are left out. */
export function vcard(fn: string, lines: readonly CardLine[]): string {
  const all: CardLine[] = [{ name: 'VERSION', value: '4.0' }, { name: 'FN', value: fn }, ...lines];
  return new ICAL.Component(['vcard', all.filter((l) => !isEmpty(l.value)).map(jcard), []]).toString() + '\r\n';
}
