/**
 * The emails' words (issue 41): plain and kind, a text part with an HTML part beside it
 * that says the same, no images, no tracking, no remote anything. Each email is in the
 * person's language (users.language, which the app keeps in step with the language it is
 * shown in), English or German; each text is written in both here, side by side.
 */
import type { PushLanguage } from '../../contract/push-kinds';
import type { Mail, MailAttachment } from '../core/mail';

/** The language an email is written in: the app's two. */
export type MailLanguage = PushLanguage;

/** A person's kept language as an email's: anything unknown is English. */
export const mailLanguageOf = (language: string | null | undefined): MailLanguage => (language === 'de' ? 'de' : 'en');

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** One language's part: paragraphs, and the link (if any) after the first. */
interface Part {
  greeting: string;
  lead: string[];
  link?: { href: string; label: string };
  after: string[];
  signature: string;
}

function textOf(p: Part): string {
  return [p.greeting, ...p.lead, ...(p.link ? [p.link.href] : []), ...p.after, p.signature].join('\n\n');
}

function htmlOf(p: Part, lang: 'en' | 'de'): string {
  const para = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const link = p.link
    ? `<p><a href="${escapeHtml(p.link.href)}">${escapeHtml(p.link.label)}</a></p><p style="word-break:break-all">${escapeHtml(p.link.href)}</p>`
    : '';
  return `<div lang="${lang}">${para(p.greeting)}${p.lead.map(para).join('')}${link}${p.after.map(para).join('')}${para(p.signature)}</div>`;
}

/** The email in `lang`: its subject, a text part and an HTML part saying the same. */
function inLanguage(
  lang: MailLanguage,
  to: string,
  subject: Record<MailLanguage, string>,
  parts: Record<MailLanguage, Part>,
  attachments?: MailAttachment[],
): Mail {
  const part = parts[lang];
  return {
    to,
    subject: subject[lang],
    text: `${textOf(part)}\n`,
    html:
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"></head>` +
      '<body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:36em;margin:0 auto;padding:1em">' +
      `${htmlOf(part, lang)}</body></html>`,
    ...(attachments ? { attachments } : {}),
  };
}

/** The minutes a reset link holds, as the mail says it (use-cases/email-links.ts keeps the rule). */
export function resetMail(lang: MailLanguage, to: string, name: string, link: string, minutes: number): Mail {
  return inLanguage(
    lang,
    to,
    { en: 'Set a new Wallflower password', de: 'Neues Wallflower-Passwort festlegen' },
    {
      en: {
        greeting: `Hello ${name},`,
        lead: [`someone, we hope you, asked to set a new password for your Wallflower account. If that was you, this link lets you choose one for the next ${minutes} minutes:`],
        link: { href: link, label: 'Set a new password' },
        after: ["If it wasn't you, there is nothing to do: your password stays as it is, and the link works only once."],
        signature: 'Take care,\nWallflower',
      },
      de: {
        greeting: `Hallo ${name},`,
        lead: [`jemand, hoffentlich du, möchte ein neues Passwort für dein Wallflower-Konto festlegen. Wenn du das warst, kannst du mit diesem Link in den nächsten ${minutes} Minuten eins wählen:`],
        link: { href: link, label: 'Neues Passwort festlegen' },
        after: ['Wenn nicht, musst du nichts tun: Dein Passwort bleibt, wie es ist, und der Link funktioniert nur einmal.'],
        signature: 'Pass auf dich auf,\nWallflower',
      },
    },
  );
}

export function verifyMail(lang: MailLanguage, to: string, name: string, link: string): Mail {
  return inLanguage(
    lang,
    to,
    { en: 'Is this your email address?', de: 'Ist das deine E-Mail-Adresse?' },
    {
      en: {
        greeting: `Hello ${name},`,
        lead: ['this address was just given for a Wallflower account. If it is yours, this link confirms it, so reminders can reach you here:'],
        link: { href: link, label: 'Yes, this is my address' },
        after: ["If you don't know Wallflower, please ignore this email: nothing more will be sent here."],
        signature: 'Take care,\nWallflower',
      },
      de: {
        greeting: `Hallo ${name},`,
        lead: ['diese Adresse wurde gerade für ein Wallflower-Konto angegeben. Wenn es deine ist, bestätigt dieser Link sie, damit Erinnerungen dich hier erreichen:'],
        link: { href: link, label: 'Ja, das ist meine Adresse' },
        after: ['Wenn du Wallflower nicht kennst, ignoriere diese E-Mail bitte: Hierher wird nichts weiter geschickt.'],
        signature: 'Pass auf dich auf,\nWallflower',
      },
    },
  );
}

/** A meeting as the emails say it: with whom, when (in the event's time zone), where, at which event. */
export interface MeetingWords {
  withName: string;
  start: Date;
  minutes: number;
  timeZone: string;
  place: string;
  eventName: string;
}

const whenIn = (locale: 'en-GB' | 'de-DE', m: MeetingWords) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: m.timeZone }).format(m.start);

/** An accepted meeting, with its calendar file attached. */
export function meetingConfirmedMail(lang: MailLanguage, to: string, name: string, m: MeetingWords, ics: string): Mail {
  return inLanguage(
    lang,
    to,
    { en: `Your meeting with ${m.withName} is on`, de: `Euer Treffen steht: ${m.withName}` },
    {
      en: {
        greeting: `Hello ${name},`,
        lead: [`${m.withName} and you are meeting on ${whenIn('en-GB', m)} for ${m.minutes} minutes, at ${m.place} (${m.eventName}).`],
        after: ['The calendar file is attached, so it can sit in your calendar with a reminder 5 minutes before. If plans change, you can call it off in Wallflower under My meetings.'],
        signature: 'Enjoy it,\nWallflower',
      },
      de: {
        greeting: `Hallo ${name},`,
        lead: [`${m.withName} und du trefft euch am ${whenIn('de-DE', m)} für ${m.minutes} Minuten, bei ${m.place} (${m.eventName}).`],
        after: ['Die Kalenderdatei hängt an, damit das Treffen mit einer Erinnerung 5 Minuten vorher in deinem Kalender steht. Wenn sich etwas ändert, kannst du es in Wallflower unter Meine Treffen absagen.'],
        signature: 'Viel Freude dabei,\nWallflower',
      },
    },
    [{ filename: 'meeting.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  );
}

/** The reminder 5 minutes before, for those who asked for it by email. */
export function meetingReminderMail(lang: MailLanguage, to: string, name: string, m: MeetingWords): Mail {
  return inLanguage(
    lang,
    to,
    { en: `In 5 minutes: meeting ${m.withName}`, de: `In 5 Minuten: Treffen mit ${m.withName}` },
    {
      en: {
        greeting: `Hello ${name},`,
        lead: [`a gentle reminder: you are meeting ${m.withName} at ${m.place} in 5 minutes (${whenIn('en-GB', m)}).`],
        after: ['Take your time getting there. You turned these emails on in your profile and can turn them off there.'],
        signature: 'Wallflower',
      },
      de: {
        greeting: `Hallo ${name},`,
        lead: [`eine sanfte Erinnerung: In 5 Minuten triffst du ${m.withName} bei ${m.place} (${whenIn('de-DE', m)}).`],
        after: ['Lass dir Zeit auf dem Weg. Du hast diese E-Mails in deinem Profil eingeschaltet und kannst sie dort wieder ausschalten.'],
        signature: 'Wallflower',
      },
    },
  );
}

/**
 * "Was this you?" after the password changed (issue 41), by a reset link or in the
 * profile: to the address on file, verified or not, as a reset is.
 */
export function passwordChangedMail(lang: MailLanguage, to: string, name: string, at: Date, resetUrl: string): Mail {
  const when = (locale: 'en-GB' | 'de-DE') => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at) + ' UTC';
  return inLanguage(
    lang,
    to,
    { en: 'Your Wallflower password was changed', de: 'Dein Wallflower-Passwort wurde geändert' },
    {
      en: {
        greeting: `Hello ${name},`,
        lead: [`the password of your Wallflower account was changed on ${when('en-GB')}, and every device was signed out. If that was you, all is well and there is nothing to do.`],
        link: { href: resetUrl, label: 'It was not me: set a new password' },
        after: ['If it was not you, set a new password with the link above straight away; it is sent to this address only.'],
        signature: 'Take care,\nWallflower',
      },
      de: {
        greeting: `Hallo ${name},`,
        lead: [`das Passwort deines Wallflower-Kontos wurde am ${when('de-DE')} geändert, und alle Geräte wurden abgemeldet. Wenn du das warst, ist alles gut und du musst nichts tun.`],
        link: { href: resetUrl, label: 'Das war ich nicht: neues Passwort festlegen' },
        after: ['Wenn du es nicht warst, leg über den Link oben gleich ein neues Passwort fest; er wird nur an diese Adresse geschickt.'],
        signature: 'Pass auf dich auf,\nWallflower',
      },
    },
  );
}

/** "Was this you?" after a passkey is added (issue 41): a new way in, said to the address on file. */
export function passkeyAddedMail(lang: MailLanguage, to: string, name: string, passkey: string, at: Date, resetUrl: string): Mail {
  const when = (locale: 'en-GB' | 'de-DE') => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at) + ' UTC';
  return inLanguage(
    lang,
    to,
    { en: 'A passkey was added to your Wallflower account', de: 'Deinem Wallflower-Konto wurde ein Passkey hinzugefügt' },
    {
      en: {
        greeting: `Hello ${name},`,
        lead: [`a passkey named "${passkey}" was added to your Wallflower account on ${when('en-GB')}. It signs in without a password. If that was you, all is well and there is nothing to do.`],
        link: { href: resetUrl, label: 'It was not me: set a new password' },
        after: ['If it was not you, set a new password with the link above, then remove the passkey under Passkeys in your profile.'],
        signature: 'Take care,\nWallflower',
      },
      de: {
        greeting: `Hallo ${name},`,
        lead: [`deinem Wallflower-Konto wurde am ${when('de-DE')} ein Passkey namens „${passkey}“ hinzugefügt. Er meldet dich ohne Passwort an. Wenn du das warst, ist alles gut und du musst nichts tun.`],
        link: { href: resetUrl, label: 'Das war ich nicht: neues Passwort festlegen' },
        after: ['Wenn du es nicht warst, leg über den Link oben ein neues Passwort fest und entferne den Passkey danach unter „Passkeys“ in deinem Profil.'],
        signature: 'Pass auf dich auf,\nWallflower',
      },
    },
  );
}
