/**
 * The server names the field a refusal is about ("email: must be a valid email address",
 * DESIGN 3): exact for a developer, cold for a person. This is the one place those words
 * become plain sentences, so every form says the same thing the same way. It imports
 * nothing (no zod), so the browser can use it.
 */

export interface FieldDetail {
  /** The field's path in the request, e.g. 'email' or 'contact_data.email'. */
  field: string;
  /** The rule it broke, as the contract words it ('must be a valid email address'). */
  message: string;
}

const FIELD_DETAIL = /^([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*): (.+)$/s;

/** "contact_data.email: must be…" → its parts; null for a detail that names no field. */
export function splitFieldDetail(detail: string): FieldDetail | null {
  const m = FIELD_DETAIL.exec(detail);
  return m ? { field: m[1]!, message: m[2]! } : null;
}

/** Each field as a sentence names it, with its article. */
const FIELD_WORDS: Record<string, string> = {
  username: 'your username',
  username_or_email: 'your username or email',
  new_username: 'your new username',
  name: 'your name',
  email: 'your email address',
  password: 'your password',
  current_password: 'your current password',
  new_password: 'your new password',
  age: 'your age',
  occupation: 'your occupation',
  interests: 'your interests',
  social_preferences: 'your social preferences',
  personality_traits: 'your personality traits',
  communication_style: 'a communication style',
  description: 'a description',
  location: 'a location',
  event_type: 'an event type',
  start_time: 'the start time',
  end_time: 'the end time',
  contact_data: 'your contact details',
  exchange_type: 'what to share',
  instagram: 'your Instagram handle',
  twitter: 'your Twitter handle',
  linkedin: 'your LinkedIn address',
  company: 'your company',
  phone: 'your phone number',
  website: 'your website',
  title: 'your job title',
  bio: 'your bio',
  reason: 'a reason',
  duration_days: 'the number of days',
  ban_type: 'a ban type',
  query: 'your search',
  professional_industry: 'an industry',
  age_range: 'the age range',
  message: 'your message',
  caption: 'the caption',
  custom_message: 'your status line',
  emoji: 'the emoji',
  until: 'the end of your break',
};

/** The words a sentence uses for a field path; an unknown field is read out, underscores spaced. */
export function fieldWords(field: string): string {
  const last = field.split('.').filter((part) => !/^\d+$/.test(part)).pop() ?? field;
  return FIELD_WORDS[last] ?? `the ${last.replace(/_/g, ' ')}`;
}

const capitalise = (s: string): string => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** ['a', 'b', 'c'] → 'a, b or c'. */
const orList = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

type Rule = [RegExp, (words: string, m: RegExpExecArray, field: string) => string];

/**
 * The contract's rule texts (contract/*.ts) and the routes' own, each as a sentence.
 * Matched in order; the first match wins.
 */
const RULES: Rule[] = [
  [/^(is required|must not be empty)$/, (w) => `Please fill in ${w}.`],
  [/^must be a valid email address$/, () => 'Please enter an email address like name@example.com.'],
  [/^the current password is not correct$/, () => "That isn't your current password. Please check it and try again."],
  [/^must differ from the current password$/, () => 'Please choose a new password that is different from your current one.'],
  [/^must differ from your current username$/, () => 'Please choose a username that is different from your current one.'],
  [
    /^needs at least one of (.+)$/,
    (_w, m) => `Please fill in ${orList(m[1]!.split(/,\s*/).map((k) => fieldWords(k)))}.`,
  ],
  [/^must be a web address/, (w) => `Please enter ${w} as a full web address, starting with https://.`],
  [/^must be at least (\d+) characters long$/, (w, m) => `${capitalise(w)} needs at least ${m[1]} characters.`],
  [/^must be at most (\d+) characters( long)?$/, (w, m) => `${capitalise(w)} can be at most ${m[1]} characters long.`],
  [
    /^must be at least (\d+)$/,
    (w, m, field) => (field === 'age' ? `You need to be at least ${m[1]} to use Wallflower.` : `${capitalise(w)} must be at least ${m[1]}.`),
  ],
  [/^must be between (\d+) and (\d+)$/, (w, m) => `${capitalise(w)} must be between ${m[1]} and ${m[2]}.`],
  [/^at most (\d+) items$/, (w, m) => `${capitalise(w)} can have at most ${m[1]} items.`],
  [/^may use letters, digits, dots, dashes and underscores only$/, (w) => `${capitalise(w)} may only use letters, digits, dots, dashes and underscores.`],
  [/^may use digits, spaces and \+ \( \) - \. only$/, (w) => `${capitalise(w)} may only use digits, spaces and + ( ) - .`],
  [/^must be a date and time$/, (w) => `Please choose ${w}: a date and a time.`],
  [/^must be after the start time$/, () => 'The end time must be after the start time.'],
  [/^must be in the future$/, (w) => `${capitalise(w)} must be in the future.`],
  [/^must be one of /, (w) => `Please choose ${w} from the list.`],
  [/^must be (temporary or permanent|true or false|text or ice_breaker|accept or decline)$/, (w) => `Please choose ${w} from the list.`],
  [/^must be a whole number( of days)?$/, (w) => `${capitalise(w)} must be a whole number.`],
  [/^minimum must not exceed maximum$/, () => "The lowest age can't be above the highest."],
  // zod's own words, for rules the contract leaves unworded.
  [/^Too small: expected string to have >=1 characters?$/, (w) => `Please fill in ${w}.`],
  [/^Too big: expected string to have <=(\d+) characters$/, (w, m) => `${capitalise(w)} can be at most ${m[1]} characters long.`],
  [/^Too big: expected number to be <=(\d+)$/, (w, m) => `${capitalise(w)} must be at most ${m[1]}.`],
  [/^Too small: expected number to be >=(\d+)$/, (w, m) => `${capitalise(w)} must be at least ${m[1]}.`],
  [/^Too big: expected array to have <=(\d+) items$/, (w, m) => `${capitalise(w)} can have at most ${m[1]} items.`],
  [/^Invalid input: expected number/, (w) => `${capitalise(w)} must be a number.`],
  [
    /^must be at least 8 characters with upper case, lower case and digits$/,
    (w) => `${capitalise(w)} needs at least 8 characters, with upper case, lower case and digits.`,
  ],
  [/^must be at least 3 characters, letters and digits only$/, (w) => `${capitalise(w)} needs at least 3 characters, letters and digits only.`],
];

/**
 * A broken rule of a field as a plain sentence. `words` names the field where the usual
 * words would mislead (a zone's name is not "your name").
 */
export function plainFieldMessage(field: string, message: string, words = fieldWords(field)): string {
  for (const [pattern, say] of RULES) {
    const m = pattern.exec(message);
    if (m) return say(words, m, field.split('.').pop() ?? field);
  }
  // A rule with no sentence of its own still reads as one: "Your phone number is too long."
  const sentence = `${capitalise(words)} ${message}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** A server detail as a person reads it: field details become sentences, sentences stay. */
export function plainDetail(detail: string): string {
  const parts = splitFieldDetail(detail);
  return parts ? plainFieldMessage(parts.field, parts.message) : detail;
}
