/**
 * "Appearance" on the profile (issue 20): the theme and the text size, for this device.
 * Its chart (machines/profile/appearance.machine.ts) applies and remembers each choice.
 */
import { useMachine } from '@xstate/react';
import { appearanceMachine } from '../../machines/profile/appearance.machine';
import { applyAppearance, storedAppearance, type TextSize, type ThemeChoice } from '../../machines/profile/appearance';
import { words } from '../i18n/i18n';
import { APPEARANCE } from '../i18n/en/language';
import { RadioChoices } from './form';
import { Card, Muted } from './ui';

const keptChart = appearanceMachine.provide({ actions: { keep: (_, a) => applyAppearance(a, true) } });

export function AppearanceSettings() {
  const [state, send] = useMachine(keptChart, { input: storedAppearance() });
  const { theme, textSize } = state.context;
  const w = words(APPEARANCE);
  return (
    <Card aria-labelledby="appearance-title">
      <h2 id="appearance-title">{w.title}</h2>
      <Muted>{w.kept}</Muted>
      <RadioChoices
        legend={w.theme}
        name="theme"
        choices={(Object.keys(w.themes) as ThemeChoice[]).map((t) => ({ value: t, ...w.themes[t] }))}
        value={theme}
        onChange={(t) => send({ type: 'appearance.themeChosen', theme: t })}
      />
      <RadioChoices
        legend={w.textSize}
        name="text-size"
        choices={(Object.keys(w.textSizes) as TextSize[]).map((s) => ({ value: s, label: w.textSizes[s] }))}
        value={textSize}
        onChange={(s) => send({ type: 'appearance.textSizeChosen', textSize: s })}
      />
    </Card>
  );
}
