/**
 * vCard 4.0 (RFC 6350) written by hand, small and strict: text values escaped (section
 * 3.4: backslash, comma, semicolon, line breaks), lines folded at 75 octets without
 * splitting a character (3.2), CRLF line ends. Pure.
 */

/** A text value (or one component of a structured one) as RFC 6350 3.4 escapes it. */
export const escapeText = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r\n|\r|\n/g, '\\n');

/** A parameter value: quoted when it holds a separator; quotes and line breaks never reach it. */
const paramValue = (value: string): string => {
  const clean = value.replace(/["\r\n]/g, '');
  return /[;:,]/.test(clean) ? `"${clean}"` : clean;
};

/** Folds one content line at 75 octets (RFC 6350 3.2), never inside a UTF-8 character. */
export function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    // Continuation lines start with a space, which counts toward their 75.
    if (octets + size > 75) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

export interface CardLine {
  name: string;
  params?: Record<string, string>;
  /** Text, escaped here; or `{ uri }`, written as is (without line breaks). */
  value: string | string[] | { uri: string };
}

const valueOf = (v: CardLine['value']): string =>
  typeof v === 'string' ? escapeText(v) : Array.isArray(v) ? v.map(escapeText).join(';') : v.uri.replace(/[\r\n]/g, '');

/** One vCard: FN is required; lines whose value is empty are left out. */
export function vcard(fn: string, lines: readonly CardLine[]): string {
  const all: CardLine[] = [{ name: 'VERSION', value: { uri: '4.0' } }, { name: 'FN', value: fn }, ...lines];
  const content = all
    .filter((l) => (typeof l.value === 'string' ? l.value !== '' : Array.isArray(l.value) ? l.value.some((p) => p !== '') : l.value.uri !== ''))
    .map((l) => {
      const params = Object.entries(l.params ?? {})
        .map(([k, v]) => `;${k.toUpperCase()}=${paramValue(v)}`)
        .join('');
      return fold(`${l.name}${params}:${valueOf(l.value)}`);
    });
  return ['BEGIN:VCARD', ...content, 'END:VCARD'].join('\r\n') + '\r\n';
}
