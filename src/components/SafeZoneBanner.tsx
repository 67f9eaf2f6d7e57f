import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ZoneType } from '../../contract/constants';
import { reasonSaid, type PresenceReasonCode } from '../../contract/presence-words';
import { selectZoneBanner } from '../../machines/app.machine';
import { chartOf } from '../../machines/lazy-charts';
import { selectPresence, type PresenceActorRef } from '../../machines/presence/presence.machine';
import { AppActor } from '../appContext';
import { say, words } from '../i18n/i18n';
import { ZONE } from '../i18n/en/events';

/** The presence reasons a kind of zone can give (issue 39): what being here does to who sees the person. */
const ZONE_REASON: Partial<Record<ZoneType, readonly PresenceReasonCode[]>> = {
  safe_space: ['quiet_zone', 'quiet_zone_untold'],
  restricted: ['restricted_zone', 'restricted_zone_shown'],
};

/**
 * Where the person is, said calmly, from the zone the location poller last reported; what
 * that means for who sees them is presence's reason, so it agrees with every other line.
 */
export function SafeZoneBanner() {
  const banner = AppActor.useSelector(selectZoneBanner);
  const presence = AppActor.useSelector((s) => chartOf(s, 'presence'));
  if (!banner) return null;
  const { zone } = banner;
  const w = words(ZONE);
  return (
    <Banner role="status" $kind={zone.zone_type} aria-label={w.whereYouAre}>
      <strong>{zoneHeadline(zone.name, zone.zone_type, w)}</strong>
      {presence && ZONE_REASON[zone.zone_type] && <ZoneReason presence={presence} codes={ZONE_REASON[zone.zone_type]!} />}
      {zone.description && <span>{zone.description}</span>}
    </Banner>
  );
}

function ZoneReason({ presence, codes }: { presence: PresenceActorRef; codes: readonly PresenceReasonCode[] }) {
  const reason = useSelector(presence, (s) => selectPresence(s)?.reasons.find((r) => codes.includes(r.code)));
  return reason ? <span className="zone-reason">{say(reasonSaid(reason))}</span> : null;
}

/** The banner's first sentence: where the person is. */
export function zoneHeadline(name: string, type: ZoneType, w: ReturnType<typeof ZONE> = ZONE()): string {
  switch (type) {
    case 'safe_space':
      return w.safeSpace(name);
    case 'restricted':
      return w.restricted(name);
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
