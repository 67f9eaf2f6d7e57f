/**
 * "a" or "an" before a job title, by how the word sounds, and the title as it reads in
 * the middle of a sentence: "a UX researcher", "an illustrator", "an hour", "a user".
 * Pure; used wherever occupations go into sentences (compatibility reasons, ice breakers).
 */

/** Letters whose names start with a vowel sound: "an FBI agent", "an SEO lead", "a UX designer". */
const VOWEL_SOUND_LETTERS = new Set('AEFHILMNORSX');

/** Words that start with a written vowel but a "y" or "w" sound. */
const CONSONANT_SOUND = /^(uni(?!n)|use|usa|usu|ura|uro|uti|eu|ewe|one\b|once\b|ouija)/;
/** Words that start with a silent h. */
const SILENT_H = /^(hour|honest|honou?r|heir)/;
/** Numbers said with a vowel first: eight, eleven, eighteen, 80…. */
const VOWEL_NUMBER = /^(8|11\b|11\D|18\b|18\D)/;

/** Said letter by letter: capitals only (digits allowed), e.g. UX, HR, SEO, the X of X-ray. */
const isAcronym = (word: string): boolean => /^[A-Z][A-Z0-9]*$/.test(word);

/** "a" or "an" before `phrase`. */
export function article(phrase: string): 'a' | 'an' {
  const first = phrase.trim().split(/[\s-]+/)[0] ?? '';
  if (!first) return 'a';
  if (isAcronym(first)) return VOWEL_SOUND_LETTERS.has(first[0]!) ? 'an' : 'a';
  if (/^\d/.test(first)) return VOWEL_NUMBER.test(first) ? 'an' : 'a';
  const w = first.toLowerCase();
  if (SILENT_H.test(w)) return 'an';
  if (CONSONANT_SOUND.test(w)) return 'a';
  return /^[aeiou]/.test(w) ? 'an' : 'a';
}

/**
 * A title as it reads inside a sentence: a leading capital that only starts the field
 * ("Illustrator") is lowered; acronyms and words capitalised within ("UX", "iOS") stay.
 */
export function inSentence(phrase: string): string {
  const t = phrase.trim().replace(/\s+/g, ' ');
  const [first = '', ...rest] = t.split(' ');
  const lowered = /^[A-Z][a-z]+$/.test(first) ? first.toLowerCase() : first;
  return [lowered, ...rest].join(' ');
}
