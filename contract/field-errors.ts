/**
 * The server names the field a refusal is about ("email: must be a valid email address",
 * DESIGN 3): exact for a developer, cold for a person. This is the one place those words
 * become plain sentences, so every form says the same thing the same way. Each sentence
 * has its message id (contract/said.ts), with the field's words as a sentence of their
 * own, so another language says it by id and never by its English. It imports no zod,
 * so the browser can use it.
 */
import { asWritten, englishOf, saidOf, sentence, type Descriptor, type Said, type SaidValue } from './said';

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

/**
 * How sentences name a field: as their object ("Please fill in your username.") and as
 * their subject ("Your username needs at least 3 characters."), each a Said of its own,
 * as other languages say the two differently ("deinen Benutzernamen", "Dein Benutzername").
 */
export interface FieldWords {
  readonly object: Said;
  readonly subject: Said;
  /** The field is many things ("your interests"): other languages' verbs agree ("Deine Interessen dürfen…"). */
  readonly many?: boolean;
  /** The field is chosen from a list, not typed: other languages may ask for it with another verb ("Bitte wähle … aus"). */
  readonly chosen?: boolean;
}

/** A field's words, from the descriptors of its object and subject forms. */
export const fieldWordsOf = (object: Descriptor, subject: Descriptor, how: { many?: true; chosen?: true } = {}): FieldWords => ({
  object: { id: object.id, message: object.message },
  subject: { id: subject.id, message: subject.message },
  ...how,
});

/** Each field as a sentence names it, with its article. */
export const FIELD_WORDS: Record<string, FieldWords> = {
  username: fieldWordsOf(/*i18n*/ { id: 'field.username.object', message: 'your username' }, /*i18n*/ { id: 'field.username.subject', message: 'Your username' }),
  username_or_email: fieldWordsOf(
    /*i18n*/ { id: 'field.usernameOrEmail.object', message: 'your username or email' },
    /*i18n*/ { id: 'field.usernameOrEmail.subject', message: 'Your username or email' },
  ),
  new_username: fieldWordsOf(
    /*i18n*/ { id: 'field.newUsername.object', message: 'your new username' },
    /*i18n*/ { id: 'field.newUsername.subject', message: 'Your new username' },
  ),
  name: fieldWordsOf(/*i18n*/ { id: 'field.name.object', message: 'your name' }, /*i18n*/ { id: 'field.name.subject', message: 'Your name' }),
  email: fieldWordsOf(/*i18n*/ { id: 'field.email.object', message: 'your email address' }, /*i18n*/ { id: 'field.email.subject', message: 'Your email address' }),
  password: fieldWordsOf(/*i18n*/ { id: 'field.password.object', message: 'your password' }, /*i18n*/ { id: 'field.password.subject', message: 'Your password' }),
  current_password: fieldWordsOf(
    /*i18n*/ { id: 'field.currentPassword.object', message: 'your current password' },
    /*i18n*/ { id: 'field.currentPassword.subject', message: 'Your current password' },
  ),
  new_password: fieldWordsOf(
    /*i18n*/ { id: 'field.newPassword.object', message: 'your new password' },
    /*i18n*/ { id: 'field.newPassword.subject', message: 'Your new password' },
  ),
  age: fieldWordsOf(/*i18n*/ { id: 'field.age.object', message: 'your age' }, /*i18n*/ { id: 'field.age.subject', message: 'Your age' }),
  occupation: fieldWordsOf(/*i18n*/ { id: 'field.occupation.object', message: 'your occupation' }, /*i18n*/ { id: 'field.occupation.subject', message: 'Your occupation' }),
  interests: fieldWordsOf(/*i18n*/ { id: 'field.interests.object', message: 'your interests' }, /*i18n*/ { id: 'field.interests.subject', message: 'Your interests' }, { many: true }),
  social_preferences: fieldWordsOf(
    /*i18n*/ { id: 'field.socialPreferences.object', message: 'your social preferences' },
    /*i18n*/ { id: 'field.socialPreferences.subject', message: 'Your social preferences' },
    { many: true },
  ),
  personality_traits: fieldWordsOf(
    /*i18n*/ { id: 'field.personalityTraits.object', message: 'your personality traits' },
    /*i18n*/ { id: 'field.personalityTraits.subject', message: 'Your personality traits' },
    { many: true },
  ),
  communication_style: fieldWordsOf(
    /*i18n*/ { id: 'field.communicationStyle.object', message: 'a communication style' },
    /*i18n*/ { id: 'field.communicationStyle.subject', message: 'A communication style' },
    { chosen: true },
  ),
  description: fieldWordsOf(/*i18n*/ { id: 'field.description.object', message: 'a description' }, /*i18n*/ { id: 'field.description.subject', message: 'A description' }),
  location: fieldWordsOf(/*i18n*/ { id: 'field.location.object', message: 'a location' }, /*i18n*/ { id: 'field.location.subject', message: 'A location' }),
  event_type: fieldWordsOf(
    /*i18n*/ { id: 'field.eventType.object', message: 'an event type' },
    /*i18n*/ { id: 'field.eventType.subject', message: 'An event type' },
    { chosen: true },
  ),
  time_zone: fieldWordsOf(
    /*i18n*/ { id: 'field.timeZone.object', message: 'the time zone' },
    /*i18n*/ { id: 'field.timeZone.subject', message: 'The time zone' },
    { chosen: true },
  ),
  start_time: fieldWordsOf(/*i18n*/ { id: 'field.startTime.object', message: 'the start time' }, /*i18n*/ { id: 'field.startTime.subject', message: 'The start time' }),
  end_time: fieldWordsOf(/*i18n*/ { id: 'field.endTime.object', message: 'the end time' }, /*i18n*/ { id: 'field.endTime.subject', message: 'The end time' }),
  contact_data: fieldWordsOf(
    /*i18n*/ { id: 'field.contactData.object', message: 'your contact details' },
    /*i18n*/ { id: 'field.contactData.subject', message: 'Your contact details' },
    { many: true },
  ),
  exchange_type: fieldWordsOf(
    /*i18n*/ { id: 'field.exchangeType.object', message: 'what to share' },
    /*i18n*/ { id: 'field.exchangeType.subject', message: 'What to share' },
    { chosen: true },
  ),
  instagram: fieldWordsOf(/*i18n*/ { id: 'field.instagram.object', message: 'your Instagram handle' }, /*i18n*/ { id: 'field.instagram.subject', message: 'Your Instagram handle' }),
  twitter: fieldWordsOf(/*i18n*/ { id: 'field.twitter.object', message: 'your Twitter handle' }, /*i18n*/ { id: 'field.twitter.subject', message: 'Your Twitter handle' }),
  linkedin: fieldWordsOf(/*i18n*/ { id: 'field.linkedin.object', message: 'your LinkedIn address' }, /*i18n*/ { id: 'field.linkedin.subject', message: 'Your LinkedIn address' }),
  company: fieldWordsOf(/*i18n*/ { id: 'field.company.object', message: 'your company' }, /*i18n*/ { id: 'field.company.subject', message: 'Your company' }),
  phone: fieldWordsOf(/*i18n*/ { id: 'field.phone.object', message: 'your phone number' }, /*i18n*/ { id: 'field.phone.subject', message: 'Your phone number' }),
  website: fieldWordsOf(/*i18n*/ { id: 'field.website.object', message: 'your website' }, /*i18n*/ { id: 'field.website.subject', message: 'Your website' }),
  title: fieldWordsOf(/*i18n*/ { id: 'field.title.object', message: 'your job title' }, /*i18n*/ { id: 'field.title.subject', message: 'Your job title' }),
  bio: fieldWordsOf(/*i18n*/ { id: 'field.bio.object', message: 'your bio' }, /*i18n*/ { id: 'field.bio.subject', message: 'Your bio' }),
  reason: fieldWordsOf(/*i18n*/ { id: 'field.reason.object', message: 'a reason' }, /*i18n*/ { id: 'field.reason.subject', message: 'A reason' }),
  duration_days: fieldWordsOf(
    /*i18n*/ { id: 'field.durationDays.object', message: 'the number of days' },
    /*i18n*/ { id: 'field.durationDays.subject', message: 'The number of days' },
  ),
  ban_type: fieldWordsOf(/*i18n*/ { id: 'field.banType.object', message: 'a ban type' }, /*i18n*/ { id: 'field.banType.subject', message: 'A ban type' }, { chosen: true }),
  query: fieldWordsOf(/*i18n*/ { id: 'field.query.object', message: 'your search' }, /*i18n*/ { id: 'field.query.subject', message: 'Your search' }),
  professional_industry: fieldWordsOf(
    /*i18n*/ { id: 'field.professionalIndustry.object', message: 'an industry' },
    /*i18n*/ { id: 'field.professionalIndustry.subject', message: 'An industry' },
  ),
  age_range: fieldWordsOf(/*i18n*/ { id: 'field.ageRange.object', message: 'the age range' }, /*i18n*/ { id: 'field.ageRange.subject', message: 'The age range' }),
  message: fieldWordsOf(/*i18n*/ { id: 'field.message.object', message: 'your message' }, /*i18n*/ { id: 'field.message.subject', message: 'Your message' }),
  caption: fieldWordsOf(/*i18n*/ { id: 'field.caption.object', message: 'the caption' }, /*i18n*/ { id: 'field.caption.subject', message: 'The caption' }),
  custom_message: fieldWordsOf(
    /*i18n*/ { id: 'field.customMessage.object', message: 'your status line' },
    /*i18n*/ { id: 'field.customMessage.subject', message: 'Your status line' },
  ),
  emoji: fieldWordsOf(/*i18n*/ { id: 'field.emoji.object', message: 'the emoji' }, /*i18n*/ { id: 'field.emoji.subject', message: 'The emoji' }),
  until: fieldWordsOf(/*i18n*/ { id: 'field.until.object', message: 'the end of your break' }, /*i18n*/ { id: 'field.until.subject', message: 'The end of your break' }),
  interest_tag: fieldWordsOf(
    /*i18n*/ { id: 'field.interestTag.object', message: 'the interest tag' },
    /*i18n*/ { id: 'field.interestTag.subject', message: 'The interest tag' },
  ),
  latitude: fieldWordsOf(/*i18n*/ { id: 'field.latitude.object', message: 'the latitude' }, /*i18n*/ { id: 'field.latitude.subject', message: 'The latitude' }),
  longitude: fieldWordsOf(/*i18n*/ { id: 'field.longitude.object', message: 'the longitude' }, /*i18n*/ { id: 'field.longitude.subject', message: 'The longitude' }),
};

/** A field the words above do not name: read out, underscores spaced ("the some new field"). */
export const UNKNOWN_FIELD = {
  object: sentence(/*i18n*/ { id: 'field.unknown.object', message: 'the {name}' }, ({ name }: { name: string }) => `the ${name}`),
  subject: sentence(/*i18n*/ { id: 'field.unknown.subject', message: 'The {name}' }, ({ name }: { name: string }) => `The ${name}`),
};

/** The words sentences use for a field path: its last named part; an unknown field is read out. */
export function fieldWords(field: string): FieldWords {
  const last = field.split('.').filter((part) => !/^\d+$/.test(part)).pop() ?? field;
  const known = FIELD_WORDS[last];
  if (known) return known;
  const name = last.replace(/_/g, ' ');
  return { object: UNKNOWN_FIELD.object({ name }), subject: UNKNOWN_FIELD.subject({ name }) };
}

/** A list of fields, "a, b or c", each said in the same language. */
const orTwo = sentence(
  /*i18n*/ { id: 'field.list.or', message: '{first} or {last}' },
  ({ first, last }: { first: SaidValue; last: SaidValue }) => `${englishOf(first)} or ${englishOf(last)}`,
);
const listMore = sentence(
  /*i18n*/ { id: 'field.list.more', message: '{first}, {rest}' },
  ({ first, rest }: { first: SaidValue; rest: SaidValue }) => `${englishOf(first)}, ${englishOf(rest)}`,
);
/** The list's sentences, for the catalogue's check. */
export const FIELD_LIST = { orTwo, listMore };
const orList = (items: readonly Said[]): Said =>
  items.length <= 2 ? (items.length === 2 ? orTwo({ first: items[0]!, last: items[1]! }) : items[0]!) : listMore({ first: items[0]!, rest: orList(items.slice(1)) });

/** A yes-or-no value of a sentence (ICU's `select`): other languages' grammar turns on it. */
type YesNo = 'yes' | 'no';
/** A sentence about a field as its object: its words, and whether it is chosen from a list. */
type About = { field: SaidValue; chosen: YesNo };
/** A sentence about a field as its subject: its words, and whether it is many things. */
type Subject = { field: SaidValue; many: YesNo };
type Count = Subject & { n: SaidValue };
type Range = Subject & { min: SaidValue; max: SaidValue };

const f = (field: SaidValue) => englishOf(field);

/**
 * The sentences a broken rule becomes, by message id: the field (its words as a Said) and
 * the rule's numbers as values. English ignores `many` and `chosen`; German's verbs follow them.
 */
export const FIELD_SENTENCES = {
  fillIn: sentence(/*i18n*/ { id: 'fieldRule.fillIn', message: 'Please fill in {field}.' }, ({ field }: About) => `Please fill in ${f(field)}.`),
  webAddress: sentence(
    /*i18n*/ { id: 'fieldRule.webAddress', message: 'Please enter {field} as a full web address, starting with https://.' },
    ({ field }: About) => `Please enter ${f(field)} as a full web address, starting with https://.`,
  ),
  dateAndTime: sentence(
    /*i18n*/ { id: 'fieldRule.dateAndTime', message: 'Please choose {field}: a date and a time.' },
    ({ field }: About) => `Please choose ${f(field)}: a date and a time.`,
  ),
  dateInRange: sentence(
    /*i18n*/ { id: 'fieldRule.dateInRange', message: 'Please choose {field}: a date between 1970 and 9999.' },
    ({ field }: About) => `Please choose ${f(field)}: a date between 1970 and 9999.`,
  ),
  fromList: sentence(/*i18n*/ { id: 'fieldRule.fromList', message: 'Please choose {field} from the list.' }, ({ field }: About) => `Please choose ${f(field)} from the list.`),
  minCharacters: sentence(
    /*i18n*/ { id: 'fieldRule.minCharacters', message: '{field} needs at least {n} characters.' },
    ({ field, n }: Count) => `${f(field)} needs at least ${f(n)} characters.`,
  ),
  maxCharacters: sentence(
    /*i18n*/ { id: 'fieldRule.maxCharacters', message: '{field} can be at most {n} characters long.' },
    ({ field, n }: Count) => `${f(field)} can be at most ${f(n)} characters long.`,
  ),
  atLeast: sentence(/*i18n*/ { id: 'fieldRule.atLeast', message: '{field} must be at least {n}.' }, ({ field, n }: Count) => `${f(field)} must be at least ${f(n)}.`),
  atMost: sentence(/*i18n*/ { id: 'fieldRule.atMost', message: '{field} must be at most {n}.' }, ({ field, n }: Count) => `${f(field)} must be at most ${f(n)}.`),
  between: sentence(
    /*i18n*/ { id: 'fieldRule.between', message: '{field} must be between {min} and {max}.' },
    ({ field, min, max }: Range) => `${f(field)} must be between ${f(min)} and ${f(max)}.`,
  ),
  maxItems: sentence(/*i18n*/ { id: 'fieldRule.maxItems', message: '{field} can have at most {n} items.' }, ({ field, n }: Count) => `${f(field)} can have at most ${f(n)} items.`),
  usernameCharacters: sentence(
    /*i18n*/ { id: 'fieldRule.usernameCharacters', message: '{field} may only use letters, digits, dots, dashes and underscores.' },
    ({ field }: Subject) => `${f(field)} may only use letters, digits, dots, dashes and underscores.`,
  ),
  phoneCharacters: sentence(
    /*i18n*/ { id: 'fieldRule.phoneCharacters', message: '{field} may only use digits, spaces and + ( ) - .' },
    ({ field }: Subject) => `${f(field)} may only use digits, spaces and + ( ) - .`,
  ),
  inTheFuture: sentence(/*i18n*/ { id: 'fieldRule.inTheFuture', message: '{field} must be in the future.' }, ({ field }: Subject) => `${f(field)} must be in the future.`),
  wholeNumber: sentence(/*i18n*/ { id: 'fieldRule.wholeNumber', message: '{field} must be a whole number.' }, ({ field }: Subject) => `${f(field)} must be a whole number.`),
  number: sentence(/*i18n*/ { id: 'fieldRule.number', message: '{field} must be a number.' }, ({ field }: Subject) => `${f(field)} must be a number.`),
  metres: sentence(/*i18n*/ { id: 'fieldRule.metres', message: '{field} must be a number of metres.' }, ({ field }: Subject) => `${f(field)} must be a number of metres.`),
  metresRange: sentence(
    /*i18n*/ { id: 'fieldRule.metresRange', message: '{field} must be from {min} to {max} metres.' },
    ({ field, min, max }: Range) => `${f(field)} must be from ${f(min)} to ${f(max)} metres.`,
  ),
  withinDays: sentence(/*i18n*/ { id: 'fieldRule.withinDays', message: '{field} must be within {n} days.' }, ({ field, n }: Count) => `${f(field)} must be within ${f(n)} days.`),
  strongAdminPassword: sentence(
    /*i18n*/ { id: 'fieldRule.strongAdminPassword', message: '{field} needs at least 8 characters, with upper case, lower case and digits.' },
    ({ field }: Subject) => `${f(field)} needs at least 8 characters, with upper case, lower case and digits.`,
  ),
  adminUsername: sentence(
    /*i18n*/ { id: 'fieldRule.adminUsername', message: '{field} needs at least 3 characters, letters and digits only.' },
    ({ field }: Subject) => `${f(field)} needs at least 3 characters, letters and digits only.`,
  ),
  oldEnough: sentence(
    /*i18n*/ { id: 'fieldRule.oldEnough', message: 'You need to be at least {n} to use Wallflower.' },
    ({ n }: { n: SaidValue }) => `You need to be at least ${f(n)} to use Wallflower.`,
  ),
};

/** The rules' sentences that name no field. */
export const FIELD_RULE_WORDS = {
  emailLike: /*i18n*/ { id: 'fieldRule.emailLike', message: 'Please enter an email address like name@example.com.' },
  wrongCurrentPassword: /*i18n*/ { id: 'fieldRule.wrongCurrentPassword', message: "That isn't your current password. Please check it and try again." },
  newPasswordSame: /*i18n*/ { id: 'fieldRule.newPasswordSame', message: 'Please choose a new password that is different from your current one.' },
  newUsernameSame: /*i18n*/ { id: 'fieldRule.newUsernameSame', message: 'Please choose a username that is different from your current one.' },
  endBeforeStart: /*i18n*/ { id: 'fieldRule.endBeforeStart', message: 'The end time must be after the start time.' },
  agesReversed: /*i18n*/ { id: 'fieldRule.agesReversed', message: "The lowest age can't be above the highest." },
} satisfies Record<string, Said>;

const S = FIELD_SENTENCES;
const yes = (flag: boolean | undefined): YesNo => (flag ? 'yes' : 'no');
/** The field as the object of a sentence. */
const about = (w: FieldWords): About => ({ field: w.object, chosen: yes(w.chosen) });
/** The field as the subject of a sentence. */
const subject = (w: FieldWords): Subject => ({ field: w.subject, many: yes(w.many) });
const num = (s: string): number => Number(s);

/** The field's words as the sentences take them: missing, too long, or not a date and time (the forms' own checks). */
export const fieldSaid = {
  fillIn: (w: FieldWords): Said => S.fillIn(about(w)),
  tooLong: (w: FieldWords, max: number): Said => S.maxCharacters({ ...subject(w), n: max }),
  notATime: (w: FieldWords): Said => S.dateAndTime(about(w)),
  /** A date outside 1970-9999 (contract/rules.ts readInstant), said as the server's refusal is. */
  outOfRange: (w: FieldWords): Said => S.dateInRange(about(w)),
};

type Rule = [RegExp, (words: FieldWords, m: RegExpExecArray, field: string) => Said];

/**
 * The contract's rule texts (contract/*.ts) and the routes' own, each as a sentence.
 * Matched in order; the first match wins.
 */
const RULES: Rule[] = [
  [/^(is required|must not be empty)$/, (w) => S.fillIn(about(w))],
  [/^must be a valid email address$/, () => FIELD_RULE_WORDS.emailLike],
  [/^the current password is not correct$/, () => FIELD_RULE_WORDS.wrongCurrentPassword],
  [/^must differ from the current password$/, () => FIELD_RULE_WORDS.newPasswordSame],
  [/^must differ from your current username$/, () => FIELD_RULE_WORDS.newUsernameSame],
  [/^needs at least one of (.+)$/, (_w, m) => S.fillIn({ field: orList(m[1]!.split(/,\s*/).map((k) => fieldWords(k).object)), chosen: 'no' })],
  [/^must be a web address/, (w) => S.webAddress(about(w))],
  [/^must be at least (\d+) characters long$/, (w, m) => S.minCharacters({ ...subject(w), n: num(m[1]!) })],
  [/^must be at most (\d+) characters( long)?$/, (w, m) => S.maxCharacters({ ...subject(w), n: num(m[1]!) })],
  [/^must be at least (\d+)$/, (w, m, field) => (field === 'age' ? S.oldEnough({ n: num(m[1]!) }) : S.atLeast({ ...subject(w), n: num(m[1]!) }))],
  [/^must be at most (\d+)$/, (w, m) => S.atMost({ ...subject(w), n: num(m[1]!) })],
  [/^must be between (-?\d+) and (-?\d+)$/, (w, m) => S.between({ ...subject(w), min: num(m[1]!), max: num(m[2]!) })],
  [/^at most (\d+) items$/, (w, m) => S.maxItems({ ...subject(w), n: num(m[1]!) })],
  [/^may use letters, digits, dots, dashes and underscores only$/, (w) => S.usernameCharacters(subject(w))],
  [/^may use digits, spaces and \+ \( \) - \. only$/, (w) => S.phoneCharacters(subject(w))],
  [/^must be a date and time$/, (w) => S.dateAndTime(about(w))],
  [/^must be a date between 1970 and 9999$/, (w) => S.dateInRange(about(w))],
  [/^must be after the start time$/, () => FIELD_RULE_WORDS.endBeforeStart],
  [/^must be in the future$/, (w) => S.inTheFuture(subject(w))],
  [/^must be one of /, (w) => S.fromList(about(w))],
  [/^must be (temporary or permanent|true or false|text or ice_breaker|accept or decline)$/, (w) => S.fromList(about(w))],
  [/^must be a whole number( of days)?$/, (w) => S.wholeNumber(subject(w))],
  [/^minimum must not exceed maximum$/, () => FIELD_RULE_WORDS.agesReversed],
  [/^must be a number of metres$/, (w) => S.metres(subject(w))],
  [/^must be from (\d+) to (\d+) metres$/, (w, m) => S.metresRange({ ...subject(w), min: num(m[1]!), max: num(m[2]!) })],
  [/^must be within (\d+) days$/, (w, m) => S.withinDays({ ...subject(w), n: num(m[1]!) })],
  // zod's own words, for rules the contract leaves unworded.
  [/^Too small: expected string to have >=1 characters?$/, (w) => S.fillIn(about(w))],
  [/^Too big: expected string to have <=(\d+) characters$/, (w, m) => S.maxCharacters({ ...subject(w), n: num(m[1]!) })],
  [/^Too big: expected number to be <=(\d+)$/, (w, m) => S.atMost({ ...subject(w), n: num(m[1]!) })],
  [/^Too small: expected number to be >=(\d+)$/, (w, m) => S.atLeast({ ...subject(w), n: num(m[1]!) })],
  [/^Too big: expected array to have <=(\d+) items$/, (w, m) => S.maxItems({ ...subject(w), n: num(m[1]!) })],
  [/^Invalid input: expected number/, (w) => S.number(subject(w))],
  [/^must be a number$/, (w) => S.number(subject(w))],
  [/^must be at least 8 characters with upper case, lower case and digits$/, (w) => S.strongAdminPassword(subject(w))],
  [/^must be at least 3 characters, letters and digits only$/, (w) => S.adminUsername(subject(w))],
];

/**
 * A broken rule of a field as a plain sentence, with its message id. `words` names the
 * field where the usual words would mislead (a zone's name is not "your name").
 */
export function plainFieldMessage(field: string, message: string, words = fieldWords(field)): Said {
  for (const [pattern, say] of RULES) {
    const m = pattern.exec(message);
    if (m) return say(words, m, field.split('.').pop() ?? field);
  }
  // A rule with no sentence of its own still reads as one: "Your phone number is too long."
  // A rule with no sentence of its own still reads as one ("Your phone number is too long."),
  // in English in every language: half a sentence in another language would read worse.
  return asWritten(`${words.subject.message} ${/[.!?]$/.test(message) ? message : `${message}.`}`);
}

/** A server detail as a person reads it: a field detail becomes a sentence; a sentence that names no field stays as written, without an id. */
export function plainDetail(detail: string): Said {
  const parts = splitFieldDetail(detail);
  return parts ? plainFieldMessage(parts.field, parts.message) : saidOf(detail);
}
