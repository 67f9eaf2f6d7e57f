import styled from 'styled-components';
import { BATTERY_MAX, batteryLevel, type Level } from '../../contract/constants';
import { words } from '../i18n/i18n';
import { PERSON_CARD } from '../i18n/en/person-card';

/**
 * Another person's social battery, under the one name the app uses for it ("Energy", as
 * the energy meter says): a small gauge in the level's colour, and n/10 in words.
 */
export function BatteryIndicator({ level }: { level: number }) {
  const colour = batteryLevel(level);
  return (
    <Wrap className={`battery level-${colour}`}>
      <Gauge aria-hidden="true">
        <GaugeFill $level={colour} style={{ width: `${(level / BATTERY_MAX) * 100}%` }} />
      </Gauge>
      <span>
        {words(PERSON_CARD).energy} {level}/{BATTERY_MAX}
      </span>
    </Wrap>
  );
}

const Wrap = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

const Gauge = styled.span`
  display: inline-block;
  width: 36px;
  height: 12px;
  border: 1px solid ${({ theme }) => theme.colors.textMuted};
  border-radius: 3px;
  padding: 1px;
`;

const GaugeFill = styled.span<{ $level: Level }>`
  display: block;
  height: 100%;
  border-radius: 2px;
  background: ${({ theme, $level }) => theme.colors.level[$level].fill};
`;
