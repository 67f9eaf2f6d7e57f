/**
 * "Language" on the profile (issue 20): follow the browser, or English or German, for
 * this device. Its chart (machines/profile/language.machine.ts) keeps each choice, and the words
 * change at once (src/i18n/i18n.ts); each language is named in its own words.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { keepLanguage, languageMachine } from '../../machines/profile/language.machine';
import { browserLanguage, languageOf, LANGUAGES, storedLanguage, type LanguageChoice } from '../../machines/profile/language';
import { showLanguage, words } from '../i18n/i18n';
import { LANGUAGE, LANGUAGE_NAMES } from '../i18n/en/language';
import { RadioChoices } from './form';
import { chartOf } from '../../machines/lazy-charts';
import { AppActor } from '../appContext';
import { Card, Muted } from './ui';

const keptChart = languageMachine.provide({
  actions: {
    keep: (_, choice) => {
      keepLanguage(choice);
      void showLanguage(languageOf(choice));
    },
  },
});

export function LanguageSettings() {
  const language = useActorRef(keptChart, { input: { choice: storedLanguage() } });
  // Pushes to this device and the person's emails are written in its language (issue 41): the server is told of a change.
  const push = AppActor.useSelector((s) => chartOf(s, 'push'));
  const accountLanguage = AppActor.useSelector((s) => chartOf(s, 'language'));
  const choice = useSelector(language, (s) => s.context.choice);
  const w = words(LANGUAGE);
  const browser = browserLanguage();
  const choices: LanguageChoice[] = ['browser', ...LANGUAGES];
  return (
    <Card aria-labelledby="language-title">
      <h2 id="language-title">{w.title}</h2>
      <Muted>{w.kept}</Muted>
      <RadioChoices
        legend={w.showIn}
        name="language"
        choices={choices.map((c) => ({
          value: c,
          label: c === 'browser' ? w.browser : <span lang={c}>{LANGUAGE_NAMES[c]}</span>,
          hint: c === 'browser' ? w.browserHint(LANGUAGE_NAMES[browser]) : undefined,
        }))}
        value={choice}
        onChange={(c) => {
          language.send({ type: 'language.chosen', choice: c });
          push?.send({ type: 'push.languageChanged' });
          accountLanguage?.send({ type: 'accountLanguage.chosen' });
        }}
      />
    </Card>
  );
}
