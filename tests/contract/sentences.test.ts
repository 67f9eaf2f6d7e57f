/**
 * Issue 38: a sentence a chart, the server or the contract writes carries its English as
 * the code writes it, and its message id, by which another language says it
 * (contract/said.ts). The English catalogue must say the same: every Said and every
 * sentence exported by contract/ and machines/ is rendered from the catalogue (with sample
 * values for each placeholder: each plural form and each choice) and compared with the
 * English the code writes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { isSaid, type Said, type SaidValues, type Sentence } from '../../contract/said';

const ROOT = join(__dirname, '..', '..');
const po = formatter({ lineNumbers: false });

/** The English catalogue of the sentences: contract/ and machines/. */
const catalogue: Record<string, string> = {};
for (const dir of ['contract/locales/en', 'machines/locales/en']) {
  for (const file of readdirSync(join(ROOT, dir))) {
    for (const [id, m] of Object.entries(po.parse(readFileSync(join(ROOT, dir, file), 'utf8'), { locale: 'en', sourceLocale: 'en', filename: file }))) catalogue[id] = m.translation ?? '';
  }
}
const i18n = setupI18n({ locale: 'en', messages: { en: catalogue } });

const modules = import.meta.glob<Record<string, unknown>>(['../../contract/**/*.ts', '../../machines/**/*.ts', '!**/*.d.ts'], { eager: true });

const isSentence = (value: unknown): value is Sentence<SaidValues> => typeof value === 'function' && 'descriptor' in value && 'english' in value;
const isPlain = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype);

/** Every Said and sentence a module exports, at any depth of its plain objects and arrays, by where it is. */
function found(): { saids: Array<[string, Said]>; sentences: Array<[string, Sentence<SaidValues>]> } {
  const saids = new Map<string, [string, Said]>();
  const sentences = new Map<string, [string, Sentence<SaidValues>]>();
  const walk = (value: unknown, where: string, depth: number) => {
    if (isSentence(value)) sentences.set(value.descriptor.id, [where, value]);
    else if (isSaid(value)) saids.set(`${value.id} ${value.message}`, [where, value]);
    else if (isPlain(value) && depth < 6) for (const [key, inner] of Object.entries(value)) walk(inner, `${where}.${key}`, depth + 1);
  };
  for (const [file, exports] of Object.entries(modules)) for (const [name, value] of Object.entries(exports)) walk(value, `${file.replace('../../', '')} ${name}`, 0);
  return { saids: [...saids.values()], sentences: [...sentences.values()] };
}

/** The placeholders of a compiled message: the choices of each select, and which are counted (plural). */
function placeholders(message: CompiledMessage | string, into = new Map<string, Set<string> | 'count' | 'text'>()) {
  if (!Array.isArray(message)) return into;
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, kind, options] = token as [string, string?, Record<string, CompiledMessage | string>?];
    if (kind === 'plural' || kind === 'selectordinal') into.set(name, 'count');
    else if (kind === 'select') into.set(name, new Set(Object.keys(options ?? {}).filter((k) => k !== 'other')));
    else if (!into.has(name)) into.set(name, 'text');
    for (const inner of Object.values(options ?? {})) placeholders(inner, into);
  }
  return into;
}

/** Sample values for a message: every count form and every choice, each text placeholder a word of its own. */
function samples(message: string): SaidValues[] {
  let all: SaidValues[] = [{}];
  for (const [name, kind] of placeholders(compileMessage(message))) {
    const options: Array<string | number> = kind === 'count' ? [0, 1, 2, 7] : kind === 'text' ? [`‹${name}›`] : [...kind, 'something else'];
    all = all.flatMap((values) => options.map((option) => ({ ...values, [name]: option })));
  }
  return all;
}

const { saids, sentences } = found();

describe('the English catalogue of the sentences', () => {
  it('finds the contract’s and the charts’ sentences (the check can fail)', () => {
    expect(saids.length).toBeGreaterThan(50);
    expect(sentences.length).toBeGreaterThan(5);
    expect(samples('{n, plural, one {# other} other {# others}} in {place}')).toHaveLength(4);
  });

  it.each(saids)('%s says its catalogue message', (_where, said) => {
    expect(catalogue[said.id], `${said.id} is not in the catalogue`).toBeDefined();
    if (!said.values) expect(i18n._(said.id)).toBe(said.message);
  });

  it.each(sentences)('%s writes what its catalogue message says, with every sample', (_where, sentence) => {
    const { id, message } = sentence.descriptor;
    expect(catalogue[id], `${id} is not in the catalogue`).toBe(message);
    for (const values of samples(message)) expect(sentence.english(values), JSON.stringify(values)).toBe(i18n._(id, values));
  });
});
