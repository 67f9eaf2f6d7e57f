import { useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import { BATTERY_MAX, BATTERY_MIN, LOW_BATTERY_MAX, batteryLevel, type Level } from '../../contract/constants';
import type { BatteryActorRef } from '../../machines/presence/battery.machine';
import { words } from '../i18n/i18n';
import { FEELING } from '../i18n/en/events';

const BARS = Array.from({ length: BATTERY_MAX - BATTERY_MIN + 1 }, (_, i) => BATTERY_MIN + i);

/**
 * What each level does, in plain words (issue 18): at LOW_BATTERY_MAX or lower the person
 * goes quiet to strangers (unless they turned that off in Privacy, which the words say).
 */
export function energyMeaning(level: number, w: ReturnType<typeof FEELING> = FEELING()): string {
  if (level <= LOW_BATTERY_MAX) return w.quiet;
  if (level <= 6) return w.calm;
  return w.open;
}

/**
 * The energy meter (SPEC 2 "Reusable pieces"): ten bars, 'Energy:' and n/10. Clicking
 * bar n sets the person's social battery to n. Each bar is a button that says what it
 * does; the filled bars take the level's colour, and the readout says it in words too.
 */
export function EnergyMeter({ battery }: { battery: BatteryActorRef }) {
  const level = useSelector(battery, (s) => s.context.level);
  const colour = batteryLevel(level);
  const labelId = useId();
  const w = words(FEELING);
  return (
    <Meter role="group" aria-labelledby={labelId}>
      <Top>
        <span id={labelId} className="energy-label">
          {w.energy}
        </span>
        <Readout aria-live="polite" className={`energy-readout level-${colour}`}>
          {level}/{BATTERY_MAX}
        </Readout>
      </Top>
      <Bars>
        {BARS.map((n) => (
          <BarButton
            key={n}
            type="button"
            aria-label={w.setEnergy(n, BATTERY_MAX)}
            aria-pressed={n === level}
            className={n <= level ? `energy-bar level-${colour}` : 'energy-bar level-empty'}
            onClick={() => battery.send({ type: 'battery.set', level: n })}
          >
            <Fill aria-hidden="true" $level={n <= level ? colour : null} $height={n} />
          </BarButton>
        ))}
      </Bars>
      <Meaning className="energy-meaning" aria-live="polite">
        {energyMeaning(level, w)}
      </Meaning>
    </Meter>
  );
}

const Meter = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  container-type: inline-size;
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  .energy-label { font-weight: ${({ theme }) => theme.font.weight.medium}; }
`;

const Meaning = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Readout = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-variant-numeric: tabular-nums;
`;

/**
 * Ten bars of at least 44 × 44 px: in one row where they fit (476 px), else two rows of
 * five (1–5, then 6–10), so every bar stays a full touch target on a phone.
 */
const Bars = styled.div`
  display: grid;
  grid-template-columns: repeat(10, minmax(${({ theme }) => theme.touchTarget}, 1fr));
  gap: ${({ theme }) => theme.space(1)};
  align-items: end;
  @container (max-width: 475px) {
    grid-template-columns: repeat(5, minmax(${({ theme }) => theme.touchTarget}, 1fr));
  }
`;

const BarButton = styled.button`
  min-width: ${({ theme }) => theme.touchTarget};
  height: ${({ theme }) => theme.touchTarget};
  padding: 0;
  border: none;
  background: none;
  display: flex;
  align-items: flex-end;
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radius.small};
`;

const Fill = styled.span<{ $level: Level | null; $height: number }>`
  display: block;
  width: 100%;
  height: ${({ $height }) => 40 + $height * 6}%;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme, $level }) => ($level ? theme.colors.level[$level].fill : theme.colors.empty)};
  /* An empty bar still shows its edge (WCAG 1.4.11: 3:1 for a control's shape). */
  border: 1px solid ${({ theme, $level }) => ($level ? theme.colors.level[$level].fill : theme.colors.textMuted)};
  transition: background-color 120ms ease;
`;
