import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { EventType } from '../../contract/constants';
import type { Event } from '../../contract/events';
import { selectJoining, type EventActorRef } from '../../machines/event/event.machine';
import { EventWhen } from '../components/EventWhen';
import { Facts } from '../components/Facts';
import { attendanceLine, featureLabel, typeLabel } from '../components/format';
import { Button, Card, Tag, TagList } from '../components/ui';
import { viewTitle } from '../components/focus';
import { words } from '../i18n/i18n';
import { EVENT } from '../i18n/en/event';

/**
 * An event the person has not joined (a shared link, issue 39 item 5): what it is, when
 * and where, and Join. Nobody's name or face until they join; then the chart loads the
 * people and the view shows the event as to any attendee.
 */
export function EventVisit({ event }: { event: EventActorRef }) {
  const e = useSelector(event, (s) => s.context.event);
  const joining = useSelector(event, selectJoining);
  const w = words(EVENT);
  return (
    <>
      <Title {...viewTitle}>{e.name}</Title>
      <Card aria-label={w.details}>
        <EventFacts event={e} />
        <p>{w.notJoined}</p>
        <Button type="button" disabled={joining} onClick={() => event.send({ type: 'event.joinRequested' })}>
          {joining ? w.joining : w.join}
        </Button>
      </Card>
    </>
  );
}

/** The event's facts (type, when, where, who), its description and what makes it easier. */
export function EventFacts({ event: e }: { event: Event }) {
  const w = words(EVENT);
  return (
    <>
      <Facts>
        <dt>{w.type}</dt>
        <dd>{w.types[e.event_type as EventType] ?? typeLabel(e.event_type)}</dd>
        <dt>{w.when}</dt>
        <dd><EventWhen event={e} /></dd>
        <dt>{w.where}</dt>
        <dd>{e.location}</dd>
        <dt>{w.who}</dt>
        <dd>{attendanceLine(e, w)}</dd>
      </Facts>
      <p>{e.description}</p>
      {e.anxiety_friendly_features.length > 0 && (
        <>
          <SmallHeading>{w.madeEasier}</SmallHeading>
          <TagList aria-label={w.featuresLabel}>
            {e.anxiety_friendly_features.map((f) => (
              <Tag key={f}>{w.features[f] ?? featureLabel(f)}</Tag>
            ))}
          </TagList>
        </>
      )}
    </>
  );
}

const SmallHeading = styled.h2`
  font-size: ${({ theme }) => theme.font.size.body};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  overflow-wrap: anywhere;
`;
