/**
 * A sentence written for a person outside the views (issue 38): by a chart, by the server,
 * or in the words client and server share. It carries its English as written, shown as it
 * is in English, and the message id and values another language says it by, so nothing is
 * ever translated by matching its English. The catalogues (contract/locales,
 * machines/locales) are extracted from the descriptors marked `/*i18n*\/` beside the
 * English; tests/contract/sentences.test.ts renders each catalogue message with sample
 * values and compares it with the English the code writes.
 */
import type { I18n } from '@lingui/core';

/** A placeholder's value: words, a number (plurals), or a sentence said in the same language. */
export type SaidValue = string | number | Said;
export type SaidValues = Record<string, SaidValue>;

export interface Said {
  /** Its message id in the catalogues. */
  readonly id: string;
  /** Its English, as shown (for a sentence without values, also its catalogue message). */
  readonly message: string;
  /** The values of its placeholders. */
  readonly values?: SaidValues;
}

/** A message as the code marks it for the catalogues: its id, and its English in ICU MessageFormat. */
export interface Descriptor {
  readonly id: string;
  readonly message: string;
}

/** A sentence with values: called with them, it is a Said with its English written out. */
export interface Sentence<V extends SaidValues> {
  (values: V): Said;
  /** Its id and ICU message, as the catalogues have them. */
  readonly descriptor: Descriptor;
  /** Its English with `values` in place, as the code writes it. */
  readonly english: (values: V) => string;
}

/** Every sentence made so far, by message id: tests/contract/sentences.test.ts renders each from the catalogue. */
export const SENTENCES = new Map<string, Sentence<SaidValues>>();

/**
 * A sentence with values: its catalogue message and the English the code writes, which
 * must say the same (the catalogue's is for other languages; the code's is shown in English).
 */
export function sentence<V extends SaidValues>(descriptor: Descriptor, english: (values: V) => string): Sentence<V> {
  const say = (values: V): Said => ({ id: descriptor.id, message: english(values), values });
  const made = Object.assign(say, { descriptor, english });
  SENTENCES.set(descriptor.id, made as unknown as Sentence<SaidValues>);
  return made;
}

const AS_WRITTEN: Descriptor = /*i18n*/ { id: 'said.asWritten', message: '{text}' };
/** Words a person wrote (a reason, a name, a status line): said as written in every language. */
export const asWritten = (text: string): Said => ({ id: AS_WRITTEN.id, message: text, values: { text } });

/** Words (Saids and sentences, by key, at any depth) as they read: each Said as its words, each sentence as a function of its values. */
export type English<T> = T extends Said
  ? string
  : T extends Sentence<infer V>
    ? (values: V) => string
    : T extends object
      ? { readonly [K in keyof T]: English<T[K]> }
      : T;

const isPlain = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

const isSentence = (value: unknown): value is Sentence<SaidValues> => typeof value === 'function' && 'descriptor' in value;

/** Words (Saids and sentences, by key, at any depth), each said by `say`: a sentence becomes a function of its values. */
export function sayEach<T>(words: T, say: (said: Said) => string): English<T> {
  if (isSaid(words)) return say(words) as English<T>;
  if (isSentence(words)) return ((values: SaidValues) => say(words(values))) as English<T>;
  if (Array.isArray(words)) return words.map((w) => sayEach(w, say)) as English<T>;
  if (isPlain(words)) return Object.fromEntries(Object.entries(words).map(([k, v]) => [k, sayEach(v, say)])) as English<T>;
  return words as English<T>;
}

/** Words (Saids and sentences, by key, at any depth) as their English: what the server writes and the tests read. */
export const english = <T>(words: T): English<T> => sayEach(words, (said) => said.message);

/** A value's English: a sentence's, or the words or number as they are. */
export const englishOf = (value: SaidValue): string => (typeof value === 'object' ? value.message : String(value));

/**
 * A refusal about one field of a request, as the server words it (DESIGN 3): the field's
 * path, then the sentence. Another language says the sentence alone (the app says it
 * beside the field).
 */
export const atField = sentence(
  /*i18n*/ { id: 'error.atField', message: '{field}: {sentence}' },
  ({ field, sentence: said }: { field: string; sentence: SaidValue }) => `${field}: ${englishOf(said)}`,
);

/** An error answer's body (DESIGN 3): the English detail, with its code and values. */
export const refusalOf = (said: Said): { detail: string; code: string; params: SaidValues } => ({
  detail: said.message,
  code: said.id,
  params: said.values ?? {},
});

/** Whether a value is a Said (and not plain words). */
export const isSaid = (value: unknown): value is Said =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Said).id === 'string' &&
  typeof (value as Said).message === 'string' &&
  Object.keys(value).every((key) => key === 'id' || key === 'message' || key === 'values');

/** A sentence as an answer carries it beside its English (a notification's title, a chat's name): its id and values. */
export const codedOf = (said: Said): { code: string; params: SaidValues } => ({ code: said.id, params: said.values ?? {} });

/** A sentence from an answer: its English, and the id and values it came with (none: said in English, as written). */
export const saidOf = (message: string, code?: string | null, params?: SaidValues | null): Said =>
  code ? { id: code, message, values: params ?? {} } : { id: '', message };

/**
 * A sentence in the language `i18n` is in: its English as written, else the message its id
 * names in that language's catalogue, with its values (a value that is itself a sentence
 * said in the same language). A sentence the catalogue does not know is said in English.
 */
export function sayIn(i18n: I18n, said: Said): string {
  if (i18n.locale === 'en' || !said.id || !(said.id in i18n.messages)) return said.message;
  const values = said.values && Object.fromEntries(Object.entries(said.values).map(([name, value]) => [name, typeof value === 'object' ? sayIn(i18n, value) : value]));
  return i18n._(said.id, values);
}
