/**
 * "Appearance" on the profile (issue 20): the theme and the text size, for this device.
 * Its chart (machines/appearance.machine.ts) applies and remembers each choice.
 */
import { useMachine } from '@xstate/react';
import { appearanceMachine } from '../../machines/appearance.machine';
import { applyAppearance, storedAppearance, type TextSize, type ThemeChoice } from '../../machines/appearance';
import { RadioChoices } from './form';
import { Card, Muted } from './ui';

const THEME_LABELS: Record<ThemeChoice, { label: string; hint?: string }> = {
  system: { label: 'Follow my device', hint: 'Light or dark, and high contrast, as your phone or computer is set.' },
  light: { label: 'Light' },
  dark: { label: 'Dark', hint: 'Easier on the eyes in a dim room.' },
  contrast: { label: 'High contrast', hint: 'Black text on white, with strong borders.' },
};

const TEXT_LABELS: Record<TextSize, string> = { default: 'Default', large: 'Large', larger: 'Larger' };

const keptChart = appearanceMachine.provide({ actions: { keep: (_, a) => applyAppearance(a, true) } });

export function AppearanceSettings() {
  const [state, send] = useMachine(keptChart, { input: storedAppearance() });
  const { theme, textSize } = state.context;
  return (
    <Card aria-labelledby="appearance-title">
      <h2 id="appearance-title">Appearance</h2>
      <Muted>Kept on this device.</Muted>
      <RadioChoices
        legend="Theme"
        name="theme"
        choices={(Object.keys(THEME_LABELS) as ThemeChoice[]).map((t) => ({ value: t, ...THEME_LABELS[t] }))}
        value={theme}
        onChange={(t) => send({ type: 'appearance.themeChosen', theme: t })}
      />
      <RadioChoices
        legend="Text size"
        name="text-size"
        choices={(Object.keys(TEXT_LABELS) as TextSize[]).map((s) => ({ value: s, label: TEXT_LABELS[s] }))}
        value={textSize}
        onChange={(s) => send({ type: 'appearance.textSizeChosen', textSize: s })}
      />
    </Card>
  );
}
