import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { AvailabilityActorRef } from '../../machines/presence/availability.machine';
import { words } from '../i18n/i18n';
import { FEELING } from '../i18n/en/events';
import { PresenceSummary } from './PresenceSummary';

/** The availability switch, labelled Available or Unavailable (SPEC 2 "Events list"). */
export function AvailabilityToggle({ availability }: { availability: AvailabilityActorRef }) {
  const available = useSelector(availability, (s) => s.context.isAvailable);
  const w = words(FEELING);
  return (
    <Wrap>
      <Switch
        type="button"
        role="switch"
        aria-checked={available}
        aria-describedby="availability-hint"
        $on={available}
        onClick={() => availability.send({ type: 'availability.toggled' })}
      >
        <Knob aria-hidden="true" $on={available} />
        {available ? w.available : w.unavailable}
      </Switch>
      {/* What the switch means now, said by presence with everything else that hides the person (issue 39). */}
      <PresenceSummary id="availability-hint" />
    </Wrap>
  );
}

/** The switch, and presence's line beside it where there is room (under it on a phone). */
const Wrap = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  > p { flex: 1 1 16rem; }
`;

const Switch = styled.button<{ $on: boolean }>`
  align-self: flex-start;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: ${({ theme }) => theme.touchTarget};
  padding: 0 ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme, $on }) => ($on ? theme.colors.success : theme.colors.textMuted)};
  background: ${({ theme, $on }) => ($on ? theme.colors.successSurface : theme.colors.surfaceMuted)};
  color: ${({ theme, $on }) => ($on ? theme.colors.success : theme.colors.text)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  cursor: pointer;
`;

const Knob = styled.span<{ $on: boolean }>`
  width: 28px;
  height: 28px;
  border-radius: 50%;
  background: ${({ theme, $on }) => ($on ? theme.colors.success : theme.colors.textMuted)};
`;
