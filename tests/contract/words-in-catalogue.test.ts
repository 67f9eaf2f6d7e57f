/**
 * Issue 20, languages: every word a person reads comes from the catalogue (src/i18n), so
 * German can be complete. This walks each view and component's syntax tree and lists
 * the words written straight into the markup: JSX text, and the attributes a person sees
 * or hears (aria-label, title, placeholder, alt, label and the like). Punctuation,
 * numbers, symbols and names that are the same in every language are not words here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const FOLDERS = ['src/views', 'src/components', 'src/admin'];
/** Attributes whose text a person reads or hears. */
const SEEN = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'hint',
  'heading',
  'legend',
  'description',
  'emptyText',
  'loadingText',
]);
/** Text that is the same in every language: the product's name and the like. */
const SAME_EVERYWHERE = new Set(['Wallflower', 'LinkedIn', 'QR', 'OK', 'Email', 'E-Mail']);

/** True when `text` holds a word: two or more letters in a row that are not a name kept as is. */
function isWord(text: string): boolean {
  const rest = text.replace(/\{[^}]*\}/g, ' ');
  return (rest.match(/\p{L}{2,}/gu) ?? []).some((w) => !SAME_EVERYWHERE.has(w));
}

function literalsIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isWord(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxAttribute(node) && SEEN.has(node.name.getText())) {
      const init = node.initializer;
      const text =
        init && ts.isStringLiteral(init)
          ? init.text
          : init && ts.isJsxExpression(init) && init.expression && (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression))
            ? init.expression.text
            : init && ts.isJsxExpression(init) && init.expression && ts.isTemplateExpression(init.expression)
              ? [init.expression.head.text, ...init.expression.templateSpans.map((s) => s.literal.text)].join(' ')
              : null;
      if (text !== null && isWord(text)) found.push(`${where(node)} ${node.name.getText()}="${text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = FOLDERS.flatMap((folder) =>
  readdirSync(join(ROOT, folder))
    .filter((name) => name.endsWith('.tsx'))
    .map((name) => `${folder}/${name}`),
);

describe('every word in the markup comes from the catalogue', () => {
  it('finds words written straight into markup (the check can fail)', () => {
    expect(isWord('Save changes')).toBe(true);
    expect(isWord(' · ')).toBe(false);
    expect(isWord('{count} ✓')).toBe(false);
    expect(isWord('Wallflower')).toBe(false);
  });

  it.each(files)('%s', (file) => {
    expect(literalsIn(file)).toEqual([]);
  });
});
