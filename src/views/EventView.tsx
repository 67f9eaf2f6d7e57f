import { EventFeed } from '../components/EventFeed';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { BatteryActorRef } from '../../machines/battery.machine';
import { selectMorePeople, selectPeopleStatus, type EventActorRef } from '../../machines/event.machine';
import { displayName } from '../../machines/user-card.machine';
import type { UserView } from '../../machines/views';
import { AppActor } from '../appContext';
import { selectRequestCount, type ConnectionRequestsActorRef } from '../../machines/connection-requests.machine';
import { CountBadge } from '../components/CountBadge';
import { EnergyMeter } from '../components/EnergyMeter';
import { attendeeCount, eventTime, featureLabel, typeLabel, ZONE_TYPE_LABELS } from '../components/format';
import { SafeZoneBanner } from '../components/SafeZoneBanner';
import { Button, Card, Muted, Page, PlainList, Status, Tag, TagList, ViewHeader } from '../components/ui';
import { UserCard } from '../components/UserCard';

const NAV: Array<{ label: string; view: UserView }> = [
  { label: 'Connect', view: 'attendees' },
  { label: 'Requests', view: 'connection-requests' },
  { label: 'Group chat', view: 'group-chat' },
  { label: 'Photos', view: 'photo-gallery' },
  { label: 'Analytics', view: 'analytics' },
];

/** event: one event, its people, interest groups and safe zones (SPEC 2 "Event view"). */
export function EventView() {
  const event = AppActor.useSelector((s) => s.children.event as EventActorRef | undefined);
  const battery = AppActor.useSelector((s) => s.children.battery as BatteryActorRef | undefined);
  const app = AppActor.useActorRef();
  return (
    <Page>
      <ViewHeader>
        <Button $variant="secondary" $small onClick={() => app.send({ type: 'view.opened', view: 'events' })}>
          Back
        </Button>
        {!event && <h1>Event</h1>}
      </ViewHeader>
      {event ? (
        <EventBody event={event} battery={battery} />
      ) : (
        <Card>
          <p>Choose an event from the list to see who is there.</p>
        </Card>
      )}
    </Page>
  );
}

function EventBody({ event, battery }: { event: EventActorRef; battery: BatteryActorRef | undefined }) {
  const e = useSelector(event, (s) => s.context.event);
  const requests = AppActor.useSelector((s) => s.children.requests as ConnectionRequestsActorRef | undefined);
  const waiting = useSelector(requests, (s) => (s ? selectRequestCount(s) : 0));
  const app = AppActor.useActorRef();
  return (
    <>
      <h1>{e.name}</h1>
      <SafeZoneBanner />
      <Card aria-label="Event details">
        <Facts>
          <dt>Type</dt>
          <dd>{typeLabel(e.event_type)}</dd>
          <dt>When</dt>
          <dd>{eventTime(e.start_time, e.end_time)}</dd>
          <dt>Where</dt>
          <dd>{e.location}</dd>
          <dt>Who</dt>
          <dd>{attendeeCount(e.attendee_count)}</dd>
        </Facts>
        <p>{e.description}</p>
        {e.anxiety_friendly_features.length > 0 && (
          <>
            <SmallHeading>Made easier with</SmallHeading>
            <TagList aria-label="Anxiety-friendly features">
              {e.anxiety_friendly_features.map((f) => (
                <Tag key={f}>{featureLabel(f)}</Tag>
              ))}
            </TagList>
          </>
        )}
      </Card>

      <Nav aria-label="At this event">
        {NAV.map(({ label, view }) => (
          <Button key={view} $small $variant="secondary" onClick={() => app.send({ type: 'view.opened', view })}>
            {label}
            {view === 'connection-requests' && <CountBadge count={waiting} what="waiting" />}
          </Button>
        ))}
      </Nav>

      {battery && (
        <Card aria-label="Your energy">
          <EnergyMeter battery={battery} />
        </Card>
      )}

      <GroupChats event={event} />
      <Zones event={event} />
      <Communities event={event} />
      <Recommended event={event} />
      <People event={event} />
      <EventFeed />
    </>
  );
}

/** The people nearby, a page at a time: Show more people appends the next page. */
export function People({ event }: { event: EventActorRef }) {
  const status = useSelector(event, selectPeopleStatus);
  const cards = useSelector(event, (s) => s.context.cards);
  const more = useSelector(event, selectMorePeople);
  return (
    <Section aria-labelledby="people-title">
      <h2 id="people-title">People nearby</h2>
      {status === 'loading' && cards.length === 0 && <Status role="status">Finding people nearby…</Status>}
      {status === 'failed' && (
        <Card>
          <p>We couldn't load the people here just now.</p>
          <Button onClick={() => event.send({ type: 'people.reloaded' })}>Try again</Button>
        </Card>
      )}
      {status === 'ready' && cards.length === 0 && (
        <Status>Nobody else is visible here yet. That's fine — take your time.</Status>
      )}
      {cards.length > 0 && (
        <PlainList aria-label="People nearby" aria-busy={more === 'loading'}>
          {cards.map((c) => (
            <li key={c.userId}>
              <UserCard card={c.ref} />
            </li>
          ))}
        </PlainList>
      )}
      {more === 'failed' && <MoreFailed id="more-people-failed">We couldn't load more people just now.</MoreFailed>}
      {more !== 'hidden' && (
        // aria-disabled rather than disabled: the button keeps focus while the page loads.
        <MoreButton
          $variant="secondary"
          aria-disabled={more === 'loading'}
          aria-busy={more === 'loading'}
          aria-describedby={more === 'failed' ? 'more-people-failed' : undefined}
          onClick={() => event.send({ type: 'people.moreRequested' })}
        >
          {more === 'loading' ? 'Loading more people…' : more === 'failed' ? 'Try again' : 'Show more people'}
        </MoreButton>
      )}
    </Section>
  );
}

function Recommended({ event }: { event: EventActorRef }) {
  const people = useSelector(event, (s) => s.context.recommendations?.people ?? []);
  if (people.length === 0) return null;
  return (
    <Section aria-labelledby="recommended-title">
      <h2 id="recommended-title">Good people to start with</h2>
      <Card>
        <PlainList>
          {people.slice(0, 3).map((p) => (
            <Suggestion key={p.user.id}>
              <strong>{displayName(p.user)}</strong>
              {p.compatibility.compatibility_reasons[0] && <Muted>{p.compatibility.compatibility_reasons[0]}</Muted>}
            </Suggestion>
          ))}
        </PlainList>
      </Card>
    </Section>
  );
}

function Communities({ event }: { event: EventActorRef }) {
  const communities = useSelector(event, (s) => s.context.communities);
  const joiningId = useSelector(event, (s) => s.context.joiningCommunityId);
  const loading = useSelector(event, (s) => s.matches({ communities: 'loading' }));
  return (
    <Section aria-labelledby="groups-title">
      <h2 id="groups-title">Interest groups</h2>
      {loading ? (
        <Status role="status">Loading interest groups…</Status>
      ) : communities.length === 0 ? (
        <Muted>No interest groups at this event yet.</Muted>
      ) : (
        <Card>
          <Rows>
            {communities.map((c) => (
              <li key={c.id}>
              <Item aria-labelledby={`group-${c.id}`}>
                <ItemHead>
                  <div>
                    <h3 id={`group-${c.id}`}>{c.name}</h3>
                    <Muted>
                      #{c.interest_tag} · {c.member_count === 1 ? '1 member' : `${c.member_count} members`}
                    </Muted>
                  </div>
                  {c.is_member ? (
                    <Joined>Joined</Joined>
                  ) : (
                    <Button disabled={joiningId !== null} onClick={() => event.send({ type: 'community.joinRequested', communityId: c.id })}>
                      {joiningId === c.id ? 'Joining…' : 'Join'}
                    </Button>
                  )}
                </ItemHead>
                <p>{c.description}</p>
              </Item>
              </li>
            ))}
          </Rows>
        </Card>
      )}
    </Section>
  );
}

/** The event's group chats with their latest line; each opens in the group-chat view. */
function GroupChats({ event }: { event: EventActorRef }) {
  const chats = useSelector(event, (s) => s.context.groupChats);
  const app = AppActor.useActorRef();
  if (chats.length === 0) return null;
  return (
    <Section aria-labelledby="group-chats-title">
      <h2 id="group-chats-title">Group chats</h2>
      <Card>
        <Rows>
          {chats.map((c) => (
            <li key={c.id}>
              <Item aria-labelledby={`chat-${c.id}`}>
                <ItemHead>
                  <div>
                    <h3 id={`chat-${c.id}`}>{c.community_id === null ? 'Everyone here' : c.name}</h3>
                    <Muted>
                      {c.last_message ? `${c.last_message.from_name}: ${c.last_message.message}` : 'No messages yet'}
                    </Muted>
                  </div>
                  <Button $variant="purple" onClick={() => app.send({ type: 'groupChat.opened', chatId: c.id })}>
                    Open
                  </Button>
                </ItemHead>
              </Item>
            </li>
          ))}
        </Rows>
      </Card>
    </Section>
  );
}

function Zones({ event }: { event: EventActorRef }) {
  const zones = useSelector(event, (s) => s.context.zones);
  const loading = useSelector(event, (s) => s.matches({ zones: 'loading' }));
  return (
    <Section aria-labelledby="zones-title">
      <h2 id="zones-title">Safe zones</h2>
      {loading ? (
        <Status role="status">Loading safe zones…</Status>
      ) : zones.length === 0 ? (
        <Muted>This event has no marked zones.</Muted>
      ) : (
        <Card>
          <Rows>
            {zones.map((z) => (
              <li key={z.id}>
              <Item aria-labelledby={`zone-${z.id}`}>
                <h3 id={`zone-${z.id}`}>
                  {z.name} <ZoneType>· {ZONE_TYPE_LABELS[z.zone_type]}</ZoneType>
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

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const MoreButton = styled(Button)`
  display: block;
  width: 100%;
  &[aria-disabled='true'],
  &[aria-disabled='true']:hover { opacity: 0.6; cursor: progress; background: ${({ theme }) => theme.colors.surface}; }
`;

const MoreFailed = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  text-align: center;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const SmallHeading = styled.h2`
  font-size: ${({ theme }) => theme.font.size.body};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

const Nav = styled.nav`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  button { min-height: ${({ theme }) => theme.touchTarget}; }
`;

const Suggestion = styled.li`
  padding: ${({ theme }) => theme.space(1)} 0;
  p { margin: 0; }
`;

/** A compact list inside a card, each entry divided from the next by a rule. */
const Rows = styled(PlainList)`
  > li {
    padding: ${({ theme }) => theme.space(3)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  > li:first-child { padding-top: 0; }
  > li:last-child { border-bottom: none; padding-bottom: 0; }
`;

const Item = styled.article`
  h3 { margin: 0; font-size: ${({ theme }) => theme.font.size.body}; }
  p { margin: ${({ theme }) => theme.space(1)} 0 0; }
`;

const ItemHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  p { margin: 0; }
`;

const ZoneType = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.font.weight.normal};
`;

const Joined = styled.span`
  display: inline-flex;
  align-items: center;
  min-height: 36px;
  color: ${({ theme }) => theme.colors.success};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;
