import styled from 'styled-components';
import type { ZoneType } from '../../contract/constants';
import { selectZoneBanner } from '../../machines/app.machine';
import { AppActor } from '../appContext';
import { words } from '../i18n/i18n';
import { ZONE } from '../i18n/en/events';

/** Where the person is, said calmly, from the zone the location poller last reported. */
export function SafeZoneBanner() {
  const banner = AppActor.useSelector(selectZoneBanner);
  if (!banner) return null;
  const { zone, hiddenFromNearby } = banner;
  const w = words(ZONE);
  return (
    <Banner role="status" $kind={zone.zone_type} aria-label={w.whereYouAre}>
      <strong>{zoneHeadline(zone.name, zone.zone_type, hiddenFromNearby, w)}</strong>
      {zone.zone_type === 'safe_space' && <span>{w.quietNote}</span>}
      {zone.description && <span>{zone.description}</span>}
    </Banner>
  );
}

/** The banner's first sentence: where the person is and what that means for them. */
export function zoneHeadline(name: string, type: ZoneType, hidden: boolean, w: ReturnType<typeof ZONE> = ZONE()): string {
  switch (type) {
    case 'safe_space':
      return w.safeSpace(name);
    case 'restricted':
      return hidden ? w.restrictedHidden(name) : w.restrictedShown(name);
    default:
      return w.other(name);
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
