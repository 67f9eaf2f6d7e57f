import styled from 'styled-components';
import type { ZoneType } from '../../contract/constants';
import { selectZoneBanner } from '../../machines/app.machine';
import { QUIET_ZONE_NOTE } from '../../contract/safety-words';
import { AppActor } from '../appContext';

/** Where the person is, said calmly, from the zone the location poller last reported. */
export function SafeZoneBanner() {
  const banner = AppActor.useSelector(selectZoneBanner);
  if (!banner) return null;
  const { zone, hiddenFromNearby } = banner;
  return (
    <Banner role="status" $kind={zone.zone_type} aria-label="Where you are">
      <strong>{zoneHeadline(zone.name, zone.zone_type, hiddenFromNearby)}</strong>
      {zone.zone_type === 'safe_space' && <span>{QUIET_ZONE_NOTE}</span>}
      {zone.description && <span>{zone.description}</span>}
    </Banner>
  );
}

/** The banner's first sentence: where the person is and what that means for them. */
export function zoneHeadline(name: string, type: ZoneType, hidden: boolean): string {
  switch (type) {
    case 'safe_space':
      return `You're in ${name} — a safe space. Take all the time you need.`;
    case 'restricted':
      return hidden
        ? `You're in ${name} — a restricted area. While you're here, you're hidden from nearby lists.`
        : `You're in ${name} — a restricted area. Auto-hide is off, so people nearby can still see you here.`;
    default:
      return `You're in ${name}.`;
  }
}

const Banner = styled.div<{ $kind: string }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.medium};
  border: 1px solid ${({ theme, $kind }) => ($kind === 'safe_space' ? theme.colors.success : theme.colors.info)};
  background: ${({ theme, $kind }) => ($kind === 'safe_space' ? theme.colors.successSurface : theme.colors.infoSurface)};
  color: ${({ theme }) => theme.colors.text};
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.small}; }
`;
