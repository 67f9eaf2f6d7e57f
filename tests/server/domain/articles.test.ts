import { describe, expect, it } from 'vitest';
import { article, inSentence } from '../../../server/domain/articles';

describe('article', () => {
  it.each([
    ['UX researcher', 'a'],
    ['UI designer', 'a'],
    ['HR manager', 'an'],
    ['SEO specialist', 'an'],
    ['MBA student', 'an'],
    ['CTO', 'a'],
    ['X-ray technician', 'an'],
    ['illustrator', 'an'],
    ['Illustrator', 'an'],
    ['engineer', 'an'],
    ['iOS developer', 'an'],
    ['hour-long host', 'an'],
    ['honest broker', 'an'],
    ['heir', 'an'],
    ['historian', 'a'],
    ['university lecturer', 'a'],
    ['union rep', 'a'],
    ['user researcher', 'a'],
    ['urologist', 'a'],
    ['European buyer', 'a'],
    ['one-person band', 'a'],
    ['usher', 'an'],
    ['uninsured driver', 'an'],
    ['Uber driver', 'an'],
    ['8th-grade teacher', 'an'],
    ['3D artist', 'a'],
    ['teacher', 'a'],
    ['', 'a'],
  ] as const)('%s takes "%s"', (phrase, expected) => {
    expect(article(phrase)).toBe(expected);
  });
});

describe('inSentence', () => {
  it('lowers a capital that only starts the field, and keeps acronyms and inner capitals', () => {
    expect(inSentence('Illustrator')).toBe('illustrator');
    expect(inSentence('  Product   Designer ')).toBe('product Designer');
    expect(inSentence('UX researcher')).toBe('UX researcher');
    expect(inSentence('iOS developer')).toBe('iOS developer');
    expect(inSentence('McKinsey consultant')).toBe('McKinsey consultant');
  });
});
