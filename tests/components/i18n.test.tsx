/**
 * The app's words in the person's language (issue 20): which language (the browser's
 * until one is picked), the German catalogue fetched on demand with <html lang>, plurals
 * and dates through Intl, and the charts' and server's English sentences said in German.
 */
import { asWritten } from '../../contract/said';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { MESSAGES, SERVER_DETAILS, ACCOUNT_TAKEN, upgradedToPlan } from '../../contract/messages';
import { plainDetail, plainFieldMessage } from '../../contract/field-errors';
import { missingFieldMessage } from '../../machines/organizer/create-event.machine';
import { NOT_A_TIME, tooLong } from '../../machines/organizer/organizer-forms';
import { emptyZoneDraft, zoneDraftErrors } from '../../machines/organizer/zone-editor.machine';
import { browserLanguage, languageOf, storedLanguage } from '../../machines/profile/language';
import { keepLanguage, languageMachine } from '../../machines/profile/language.machine';
import { attendanceLine, localeFor, plural } from '../../src/components/format';
import { eventTimes } from '../../src/components/event-times';
import { EVENTS, WHEN, ZONE } from '../../src/i18n/en/events';
import { zoneHeadline } from '../../src/components/SafeZoneBanner';
import { LOGIN } from '../../src/i18n/en/login';
import { NOTIFICATIONS } from '../../src/i18n/en/notifications';
import { say as sayIt, showLanguage, shownLanguage, whenLanguageShown, words } from '../../src/i18n/i18n';
import { SHELL } from '../../src/i18n/en/shell';

afterEach(async () => {
  localStorage.clear();
  whenLanguageShown(() => {});
  await showLanguage('en');
});

describe('which language', () => {
  it('follows the first of the browser’s languages the app speaks, region or case aside', () => {
    expect(browserLanguage(['de-DE', 'en-US'])).toBe('de');
    expect(browserLanguage(['fr-FR', 'DE-at', 'en'])).toBe('de');
    expect(browserLanguage(['en-GB', 'de'])).toBe('en');
  });

  it('falls back to English when the browser asks for none the app speaks', () => {
    expect(browserLanguage(['fr-FR', 'it'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('follows the browser until a language is picked, then keeps the pick on the device', () => {
    expect(storedLanguage()).toBe('browser');
    expect(languageOf(storedLanguage(), ['de-CH'])).toBe('de');
    keepLanguage('en');
    expect(localStorage.getItem('wallflower.language')).toBe('en');
    expect(languageOf(storedLanguage(), ['de-CH'])).toBe('en');
    keepLanguage('browser');
    expect(localStorage.getItem('wallflower.language')).toBeNull();
    expect(languageOf(storedLanguage(), ['de-CH'])).toBe('de');
  });

  it('reads anything else kept on the device as no pick', () => {
    localStorage.setItem('wallflower.language', 'klingon');
    expect(storedLanguage()).toBe('browser');
  });

  it('the picker’s chart holds the choice and keeps each one it is given', () => {
    const kept: string[] = [];
    const picker = createActor(languageMachine.provide({ actions: { keep: (_, choice) => void kept.push(choice) } }), {
      input: { choice: 'browser' },
    }).start();
    picker.send({ type: 'language.chosen', choice: 'de' });
    picker.send({ type: 'language.chosen', choice: 'browser' });
    expect(picker.getSnapshot().context.choice).toBe('browser');
    expect(kept).toEqual(['de', 'browser']);
  });
});

describe('the catalogue', () => {
  it('is English at once, and German with <html lang="de"> once its chunk has arrived', async () => {
    let drawn = 0;
    whenLanguageShown(() => drawn++);
    expect(shownLanguage()).toBe('en');
    expect(words(LOGIN).welcomeBack).toBe('Welcome back');
    await showLanguage('de');
    expect(shownLanguage()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(words(LOGIN).welcomeBack).toBe('Willkommen zurück');
    expect(words(SHELL).loading).toBe('Wird geladen…');
    expect(drawn).toBe(1);
    await showLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(words(LOGIN).welcomeBack).toBe('Welcome back');
    expect(drawn).toBe(2);
  });

  it('keeps the last language asked for when an earlier one arrives late', async () => {
    const german = showLanguage('de');
    await showLanguage('en');
    await german;
    expect(shownLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('says sentences with values in each language', async () => {
    expect(zoneHeadline('Quiet room', 'safe_space', words(ZONE))).toBe("You're in Quiet room — a safe space. Take all the time you need.");
    await showLanguage('de');
    expect(zoneHeadline('Ruheraum', 'safe_space', words(ZONE))).toBe(
      'Du bist in „Ruheraum“, einem geschützten Raum. Lass dir alle Zeit, die du brauchst.',
    );
    expect(words(EVENTS).showHidden(2)).toBe('Ausgeblendete Events zeigen (2)');
  });

  it('has SPEC’s exact strings as English entries', () => {
    expect(words(LOGIN).passwordHint).toBe('Must be at least 6 characters long');
    expect(words(EVENTS).createEvent).toBe('Create Event');
    expect(words(EVENTS).upgrade).toBe('Upgrade');
  });
});

describe('plurals and dates through Intl', () => {
  it('picks each language’s plural form', async () => {
    expect(plural('en', 1, { one: '# person', other: '# people' })).toBe('1 person');
    expect(plural('en', 0, { one: '# person', other: '# people' })).toBe('0 people');
    expect(words(EVENTS).attending(1)).toBe('1 person attending');
    expect(words(EVENTS).attending(4)).toBe('4 people attending');
    await showLanguage('de');
    expect(words(EVENTS).attending(1)).toBe('1 Person nimmt teil');
    expect(words(EVENTS).attending(4)).toBe('4 Personen nehmen teil');
    expect(words(NOTIFICATIONS).unread(1)).toBe('1 ungelesene Benachrichtigung');
    expect(words(NOTIFICATIONS).unread(3)).toBe('3 ungelesene Benachrichtigungen');
  });

  it('says how many attend as far as the viewer may know: before joining, only their connections (issue 40)', async () => {
    const line = (is_attending: boolean, attendee_count: number) => attendanceLine({ is_attending, attendee_count }, words(EVENTS));
    expect(line(true, 4)).toBe('4 people attending');
    expect(line(false, 1)).toBe('1 of your connections attending');
    expect(line(false, 0)).toBe('Join to see who is going');
    await showLanguage('de');
    expect(line(false, 2)).toBe('2 deiner Kontakte nehmen teil');
    expect(line(false, 0)).toBe('Tritt bei, um zu sehen, wer kommt');
  });

  it('writes dates in the browser’s variant of the language shown', async () => {
    expect(localeFor('de', ['de-AT', 'en-US'])).toBe('de-AT');
    expect(localeFor('de', ['en-US'])).toBe('de');
    const berlin = { start_time: '2025-12-01T08:00:00.000Z', end_time: '2025-12-01T16:00:00.000Z', time_zone: 'Europe/Berlin' };
    await showLanguage('de');
    expect(eventTimes(berlin, { zone: 'Europe/London', locale: 'de-DE', words: words(WHEN) })).toEqual({
      local: 'Mo., 1. Dez., 09:00 – 17:00 (Zeit in Berlin)',
      yours: '08:00 – 16:00 bei dir',
    });
  });
});

describe('what the charts and the server say, in German', () => {
  it('knows SPEC 8’s messages and the login and register forms’ server details by their English', async () => {
    await showLanguage('de');
    expect(sayIt(MESSAGES.passwordsDoNotMatch)).toBe('Die Passwörter stimmen nicht überein');
    expect(sayIt(MESSAGES.loginSuccessful)).toBe('Anmeldung erfolgreich!');
    expect(sayIt(MESSAGES.offline)).toBe('Du bist offline. Manche Funktionen sind vielleicht eingeschränkt.');
    expect(sayIt(SERVER_DETAILS.wrongLogin)).toBe('Benutzername, E-Mail oder Passwort stimmt nicht');
    expect(sayIt(ACCOUNT_TAKEN.username)).toBe('Dieser Benutzername ist schon vergeben');
    expect(sayIt(upgradedToPlan({ plan: 'Premium' }))).toBe('Du hast jetzt den Tarif Premium!');
  });

  it('says the field sentences of a refused registration in German, with the verb agreeing', async () => {
    await showLanguage('de');
    expect(sayIt(plainFieldMessage('username', 'is required'))).toBe('Bitte gib deinen Benutzernamen ein.');
    expect(sayIt(plainFieldMessage('email', 'must be a valid email address'))).toBe('Bitte gib eine E-Mail-Adresse wie name@example.com ein.');
    expect(sayIt(plainFieldMessage('interests', 'Too big: expected array to have <=20 items'))).toBe('Deine Interessen dürfen höchstens 20 Einträge haben.');
    expect(sayIt(plainFieldMessage('age', 'must be at least 16'))).toBe('Du musst mindestens 16 Jahre alt sein, um Wallflower zu nutzen.');
  });

  it('says every form’s field sentences by their message ids, each field in its German case', async () => {
    await showLanguage('de');
    const details: Array<[string, string]> = [
      ['current_password: is required', 'Bitte gib dein aktuelles Passwort ein.'],
      ['new_password: must be at least 8 characters with upper case, lower case and digits', 'Dein neues Passwort braucht mindestens 8 Zeichen, mit Groß- und Kleinbuchstaben und Ziffern.'],
      ['new_username: must be at most 40 characters', 'Dein neuer Benutzername darf höchstens 40 Zeichen lang sein.'],
      ['new_password: must differ from the current password', 'Bitte wähle ein neues Passwort, das sich von deinem aktuellen unterscheidet.'],
      ['contact_data: needs at least one of linkedin, company, phone', 'Bitte gib deine LinkedIn-Adresse, deine Firma oder deine Telefonnummer ein.'],
      ['social_preferences: at most 10 items', 'Deine sozialen Vorlieben dürfen höchstens 10 Einträge haben.'],
      ['age_range: Too big: expected number to be <=120', 'Das Alter darf höchstens 120 sein.'],
      ['event_type: is required', 'Bitte wähle die Art des Events aus.'],
      ['end_time: must be after the start time', 'Das Ende muss nach dem Beginn liegen.'],
      ['until: must be within 30 days', 'Das Ende deiner Pause darf höchstens 30 Tage entfernt sein.'],
      ['query: minimum must not exceed maximum', 'Das niedrigste Alter darf nicht über dem höchsten liegen.'],
    ];
    for (const [detail, german] of details) {
      const said = plainDetail(detail);
      expect(said.id, detail).not.toBe('');
      expect(sayIt(said), detail).toBe(german);
    }
    // The organizer's forms and the zone editor name their fields their own way.
    expect(sayIt(missingFieldMessage('time_zone'))).toBe('Bitte wähle die Zeitzone aus.');
    expect(sayIt(missingFieldMessage('interestAbout'))).toBe('Bitte gib das Interesse, um das es geht, ein.');
    expect(sayIt(tooLong('announcement', 500))).toBe('Die Ankündigung darf höchstens 500 Zeichen lang sein.');
    expect(sayIt(NOT_A_TIME('start'))).toBe('Bitte wähle für den Beginn ein Datum und eine Uhrzeit.');
    const zone = zoneDraftErrors({ ...emptyZoneDraft('Quiet corner'), latitude: '91', longitude: 'east', radius_meters: 900 }).fields;
    expect([zone.latitude, zone.longitude, zone.radius_meters].map((said) => sayIt(said!))).toEqual([
      'Der Breitengrad muss zwischen -90 und 90 liegen.',
      'Der Längengrad muss eine Zahl sein.',
      'Der Radius muss zwischen 5 und 500 Metern liegen.',
    ]);
    // A rule without a sentence of its own: the whole sentence in English, as written (not half German).
    expect(sayIt(plainFieldMessage('phone', 'is too long'))).toBe('Your phone number is too long.');
  });

  it('shows a sentence it does not know as written, and everything as written in English', async () => {
    expect(sayIt(MESSAGES.passwordsDoNotMatch)).toBe('Passwords do not match');
    await showLanguage('de');
    expect(sayIt({ id: 'no.such.message', message: 'The moon is made of cheese.' })).toBe('The moon is made of cheese.');
    expect(sayIt(asWritten('The moon is made of cheese.'))).toBe('The moon is made of cheese.');
  });
});
