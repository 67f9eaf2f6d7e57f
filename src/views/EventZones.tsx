/** The event's Zones tab: its safe zones, each with its kind and what it is for. */
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { EventActorRef } from '../../machines/event/event.machine';
import { Card, Muted, Status } from '../components/ui';
import { words } from '../i18n/i18n';
import { EVENT } from '../i18n/en/event';
import { Item, Rows } from './EventGroups';
import { Section } from './EventPeople';

export function Zones({ event }: { event: EventActorRef }) {
  const zones = useSelector(event, (s) => s.context.zones);
  const loading = useSelector(event, (s) => s.matches({ zones: 'loading' }));
  const w = words(EVENT);
  return (
    <Section aria-labelledby="zones-title">
      <h2 id="zones-title">{w.safeZones}</h2>
      {loading && zones.length === 0 ? (
        <Status role="status">{w.loadingZones}</Status>
      ) : zones.length === 0 ? (
        <Muted>{w.noZones}</Muted>
      ) : (
        <Card>
          <Rows>
            {zones.map((z) => (
              <li key={z.id}>
              <Item aria-labelledby={`zone-${z.id}`}>
                <h3 id={`zone-${z.id}`}>
                  {z.name} <ZoneType>· {w.zoneTypes[z.zone_type]}</ZoneType>
                </h3>
                <p>{z.description}</p>
              </Item>
              </li>
            ))}
          </Rows>
        </Card>
      )}
    </Section>
  );
}

const ZoneType = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.font.weight.normal};
`;
