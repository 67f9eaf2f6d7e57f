import { useSelector } from '@xstate/react';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { BATTERY_MAX, type EventType } from '../../contract/constants';
import { EVENT_TABS, type EventTab } from '../../machines/addresses';
import type { BatteryActorRef } from '../../machines/presence/battery.machine';
import { selectMorePeople, selectPeopleStatus, type EventActorRef } from '../../machines/event/event.machine';
import { displayName } from '../../machines/people/user-card.machine';
import { AppActor } from '../appContext';
import { selectRequestCount } from '../../machines/people/connection-requests.machine';
import { CountBadge } from '../components/CountBadge';
import { EnergyMeter } from '../components/EnergyMeter';
import { EventFeed } from '../components/EventFeed';
import { featureLabel, typeLabel } from '../components/format';
import { EventWhen } from '../components/EventWhen';
import { SafeZoneBanner } from '../components/SafeZoneBanner';
import { Button, Card, CardGrid, Columns, Muted, Page, PlainList, Status, Tag, TagList, ViewHeader } from '../components/ui';
import { UserCard } from '../components/UserCard';
import { shownName } from '../components/people';
import { viewTitle } from '../components/focus';
import { chartOf } from '../../machines/lazy-charts';
import { sayText, words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { EVENT } from '../i18n/en/event';

const tabId = (tab: EventTab) => `event-tab-${tab}`;
const panelId = (tab: EventTab) => `event-panel-${tab}`;

/**
 * event: one event (SPEC 2 "Event view"). People come first; groups, zones and the
 * event's details are one tab away (issue 13 item 3). The root chart owns which tab is
 * open, so Back from a chat or the photos returns to it and the address can name it.
 */
export function EventView() {
  const event = AppActor.useSelector((s) => chartOf(s, 'event'));
  const battery = AppActor.useSelector((s) => chartOf(s, 'battery'));
  const app = AppActor.useActorRef();
  const w = words(EVENT);
  return (
    <Page $wide>
      <ViewHeader>
        <Button $variant="secondary" $small onClick={() => app.send({ type: 'view.opened', view: 'events' })}>
          {words(SHELL).back}
        </Button>
        {!event && <h1 {...viewTitle}>{w.title}</h1>}
      </ViewHeader>
      {event ? (
        <EventBody event={event} battery={battery} />
      ) : (
        <Card>
          <p>{w.chooseEvent}</p>
        </Card>
      )}
    </Page>
  );
}

/** The event's name, where the person is, the two actions that stay, then the tabs. */
function EventBody({ event, battery }: { event: EventActorRef; battery: BatteryActorRef | undefined }) {
  const name = useSelector(event, (s) => s.context.event.name);
  const selected = AppActor.useSelector((s) => s.context.eventTab);
  return (
    <>
      <Title {...viewTitle}>{name}</Title>
      <SafeZoneBanner />
      <EventActions />
      <EventTabs selected={selected} />
      <TabPanel tab="people" selected={selected}>
        <PeoplePanel event={event} battery={battery} />
      </TabPanel>
      <TabPanel tab="groups" selected={selected}>
        <Columns>
          <GroupChats event={event} />
          <Communities event={event} />
        </Columns>
      </TabPanel>
      <TabPanel tab="zones" selected={selected}>
        <Measure>
          <Zones event={event} />
        </Measure>
      </TabPanel>
      <TabPanel tab="about" selected={selected}>
        <AboutPanel event={event} />
      </TabPanel>
    </>
  );
}

/** Connect (everyone here, to ask) and Requests (with how many wait): on every tab. */
function EventActions() {
  const requests = AppActor.useSelector((s) => chartOf(s, 'requests'));
  const waiting = useSelector(requests, (s) => (s ? selectRequestCount(s) : 0));
  const app = AppActor.useActorRef();
  const w = words(EVENT);
  return (
    <Actions aria-label={w.actions}>
      <Button $small onClick={() => app.send({ type: 'view.opened', view: 'attendees' })}>
        {w.connect}
      </Button>
      <Button $small $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'connection-requests' })}>
        {w.requests}
        <CountBadge count={waiting} what={w.waiting} />
      </Button>
      <Button $small $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'connect' })}>
        {w.connectByCode}
      </Button>
    </Actions>
  );
}

/** The tab an arrow, Home or End key moves to from index i (WAI-ARIA tabs), or null. */
export function tabAfterKey(key: string, i: number): EventTab | null {
  const n = EVENT_TABS.length;
  const to: Record<string, number> = { ArrowRight: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, Home: 0, End: n - 1 };
  return key in to ? EVENT_TABS[to[key]!]! : null;
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: the chosen tab is the one tab
 * stop; arrows, Home and End move to (and choose) another. Choosing tells the root chart.
 */
function EventTabs({ selected }: { selected: EventTab }) {
  const app = AppActor.useActorRef();
  const refs = useRef<Partial<Record<EventTab, HTMLButtonElement | null>>>({});
  const w = words(EVENT);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const next = tabAfterKey(e.key, i);
    if (!next) return;
    e.preventDefault();
    app.send({ type: 'eventTab.selected', tab: next });
    refs.current[next]?.focus();
  };
  return (
    <TabList role="tablist" aria-label={w.tabList}>
      {EVENT_TABS.map((tab, i) => (
        <Tab
          key={tab}
          ref={(el) => {
            refs.current[tab] = el;
          }}
          type="button"
          role="tab"
          id={tabId(tab)}
          aria-selected={tab === selected}
          aria-controls={panelId(tab)}
          tabIndex={tab === selected ? 0 : -1}
          onClick={() => app.send({ type: 'eventTab.selected', tab })}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {w.tabs[tab]}
        </Tab>
      ))}
    </TabList>
  );
}

/** A tab's panel; the others stay rendered but hidden, so each tab names a real panel. */
function TabPanel({ tab, selected, children }: { tab: EventTab; selected: EventTab; children: ReactNode }) {
  return (
    <Panel role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} hidden={tab !== selected} tabIndex={0}>
      {children}
    </Panel>
  );
}

/** People: a slim energy line, the people nearby, and who might be good to start with. */
function PeoplePanel({ event, battery }: { event: EventActorRef; battery: BatteryActorRef | undefined }) {
  return (
    <PeopleLayout>
      {battery && <CompactEnergy battery={battery} />}
      <PeopleArea>
        <People event={event} />
      </PeopleArea>
      <RecommendedArea>
        <Recommended event={event} />
      </RecommendedArea>
    </PeopleLayout>
  );
}

/** The energy meter folded into one line that opens to its ten bars (a native disclosure). */
function CompactEnergy({ battery }: { battery: BatteryActorRef }) {
  const level = useSelector(battery, (s) => s.context.level);
  const w = words(EVENT);
  return (
    <EnergyDetails>
      <summary>
        <span>
          {w.yourEnergy} <strong>{level}/{BATTERY_MAX}</strong>
        </span>
        <ChangeHint aria-hidden="true">{w.change}</ChangeHint>
      </summary>
      <EnergyMeter battery={battery} />
    </EnergyDetails>
  );
}

/** About: the event's facts, its photos and analytics, and what is happening there. */
function AboutPanel({ event }: { event: EventActorRef }) {
  const e = useSelector(event, (s) => s.context.event);
  const app = AppActor.useActorRef();
  const w = words(EVENT);
  return (
    <Columns>
      <div>
        <Card aria-label={w.details}>
          <Facts>
            <dt>{w.type}</dt>
            <dd>{w.types[e.event_type as EventType] ?? typeLabel(e.event_type)}</dd>
            <dt>{w.when}</dt>
            <dd><EventWhen event={e} /></dd>
            <dt>{w.where}</dt>
            <dd>{e.location}</dd>
            <dt>{w.who}</dt>
            <dd>{w.attending(e.attendee_count)}</dd>
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
        </Card>
        <Actions aria-label={w.more}>
          <Button $small $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'photo-gallery' })}>
            {w.photos}
          </Button>
          <Button $small $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'analytics' })}>
            {w.analytics}
          </Button>
          {e.organizer_role && (
            <Button $small $variant="purple" onClick={() => app.send({ type: 'view.opened', view: 'organizer' })}>
              {w.organize}
            </Button>
          )}
        </Actions>
      </div>
      <EventFeed />
    </Columns>
  );
}

/** The people nearby, a page at a time: Show more people appends the next page. */
export function People({ event }: { event: EventActorRef }) {
  const status = useSelector(event, selectPeopleStatus);
  const cards = useSelector(event, (s) => s.context.cards);
  const more = useSelector(event, selectMorePeople);
  const w = words(EVENT);
  return (
    <Section aria-labelledby="people-title">
      <h2 id="people-title">{w.peopleNearby}</h2>
      {status === 'loading' && cards.length === 0 && <Status role="status">{w.findingPeople}</Status>}
      {status === 'failed' && (
        <Card>
          <p>{w.peopleFailed}</p>
          <Button onClick={() => event.send({ type: 'people.reloaded' })}>{words(SHELL).tryAgain}</Button>
        </Card>
      )}
      {status === 'ready' && cards.length === 0 && <Status>{w.nobodyVisible}</Status>}
      {cards.length > 0 && (
        <CardGrid aria-label={w.peopleNearby} aria-busy={more === 'loading'}>
          {cards.map((c) => (
            <li key={c.userId}>
              <UserCard card={c.ref} />
            </li>
          ))}
        </CardGrid>
      )}
      {more === 'failed' && <MoreFailed id="more-people-failed">{w.moreFailed}</MoreFailed>}
      {more !== 'hidden' && (
        // aria-disabled rather than disabled: the button keeps focus while the page loads.
        <MoreButton
          $variant="secondary"
          aria-disabled={more === 'loading'}
          aria-busy={more === 'loading'}
          aria-describedby={more === 'failed' ? 'more-people-failed' : undefined}
          onClick={() => event.send({ type: 'people.moreRequested' })}
        >
          {more === 'loading' ? w.loadingMore : more === 'failed' ? words(SHELL).tryAgain : w.showMore}
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
      <h2 id="recommended-title">{words(EVENT).goodToStart}</h2>
      <Card>
        <PlainList>
          {people.slice(0, 3).map((p) => (
            <Suggestion key={p.user.id}>
              <strong>{shownName(displayName(p.user))}</strong>
              {p.compatibility.compatibility_reasons[0] && <Muted>{sayText(p.compatibility.compatibility_reasons[0])}</Muted>}
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
  const listeningId = useSelector(event, (s) => s.context.listeningChatId);
  // The interest groups' chats the user listens to are among their chats (issue 18).
  const chats = useSelector(event, (s) => s.context.groupChats);
  const listened = new Set(chats.map((c) => c.id));
  const app = AppActor.useActorRef();
  const loading = useSelector(event, (s) => s.matches({ communities: 'loading' }));
  const w = words(EVENT);
  return (
    <Section aria-labelledby="groups-title">
      <h2 id="groups-title">{w.interestGroups}</h2>
      {/* Read again after a change, the list stays on screen until the new one arrives. */}
      {loading && communities.length === 0 ? (
        <Status role="status">{w.loadingGroups}</Status>
      ) : communities.length === 0 ? (
        <Muted>{w.noGroups}</Muted>
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
                      #{c.interest_tag} · {w.members(c.member_count)}
                    </Muted>
                  </div>
                  {c.is_member ? (
                    <Joined>{w.joined}</Joined>
                  ) : (
                    <GroupActions>
                      {c.group_chat_id && (
                        <ListenButton
                          chatId={c.group_chat_id}
                          name={c.name}
                          listening={listened.has(c.group_chat_id)}
                          busy={listeningId !== null}
                          onListen={() => event.send({ type: 'community.listenRequested', chatId: c.group_chat_id! })}
                          onOpen={() => app.send({ type: 'groupChat.opened', chatId: c.group_chat_id! })}
                        />
                      )}
                      <Button disabled={joiningId !== null} onClick={() => event.send({ type: 'community.joinRequested', communityId: c.id })}>
                        {joiningId === c.id ? w.joining : w.join}
                      </Button>
                    </GroupActions>
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

/**
 * "Listen" to an interest group's chat without joining the group (issue 18): read along
 * unseen. Once listening, the button opens the chat.
 */
function ListenButton(p: { chatId: string; name: string; listening: boolean; busy: boolean; onListen: () => void; onOpen: () => void }) {
  const w = words(EVENT);
  return p.listening ? (
    <Button $variant="secondary" aria-label={w.openListened(p.name)} onClick={p.onOpen}>
      {w.listening}
    </Button>
  ) : (
    <Button $variant="secondary" aria-label={w.listenTo(p.name)} disabled={p.busy} onClick={p.onListen}>
      {w.listen}
    </Button>
  );
}

/** The event's group chats with their latest line; each opens in the group-chat view. */
function GroupChats({ event }: { event: EventActorRef }) {
  const chats = useSelector(event, (s) => s.context.groupChats);
  const loading = useSelector(event, (s) => s.matches({ groupChats: 'loading' }));
  const app = AppActor.useActorRef();
  const w = words(EVENT);
  return (
    <Section aria-labelledby="group-chats-title">
      <h2 id="group-chats-title">{w.groupChats}</h2>
      {loading && chats.length === 0 ? (
        <Status role="status">{w.loadingChats}</Status>
      ) : chats.length === 0 ? (
        <Muted>{w.noChats}</Muted>
      ) : (
      <Card>
        <Rows>
          {chats.map((c) => (
            <li key={c.id}>
              <Item aria-labelledby={`chat-${c.id}`}>
                <ItemHead>
                  <div>
                    <h3 id={`chat-${c.id}`}>{c.community_id === null ? w.everyoneHere : c.name}</h3>
                    <Muted>
                      {c.last_message ? `${shownName(c.last_message.from_name)}: ${c.last_message.message}` : w.noMessages}
                    </Muted>
                  </div>
                  <Button $variant="purple" onClick={() => app.send({ type: 'groupChat.opened', chatId: c.id })}>
                    {words(SHELL).open}
                  </Button>
                </ItemHead>
              </Item>
            </li>
          ))}
        </Rows>
      </Card>
      )}
    </Section>
  );
}

function Zones({ event }: { event: EventActorRef }) {
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
  grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const SmallHeading = styled.h2`
  font-size: ${({ theme }) => theme.font.size.body};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  overflow-wrap: anywhere;
`;

/** Two buttons side by side on a phone (one above the other at large text); on a large screen they keep their own width. */
const Actions = styled.nav`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 9rem), 1fr));
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  ${({ theme }) => theme.media.wide} {
    display: flex;
    flex-wrap: wrap;
    button { min-width: 10rem; }
  }
`;

/* One row of tabs on a phone; at large text they wrap onto a second row rather than run off. */
const TabList = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 5.5rem), 1fr));
  margin-bottom: ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${({ theme }) => theme.media.wide} {
    display: flex;
  }
`;

/** A 44 px tall tab; the chosen one is marked by colour, weight and a bar (not colour alone). */
const Tab = styled.button`
  min-height: ${({ theme }) => theme.touchTarget};
  min-width: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  margin-bottom: -1px;
  border: none;
  border-bottom: 3px solid transparent;
  border-radius: ${({ theme }) => theme.radius.small} ${({ theme }) => theme.radius.small} 0 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.primary};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
  ${({ theme }) => theme.media.wide} {
    min-width: 9rem;
  }
`;

/** A reading measure for prose on a large screen (the zones' descriptions). */
const Measure = styled.div`
  max-width: ${({ theme }) => theme.maxWidth};
`;

const Panel = styled.div`
  &[hidden] { display: none; }
  &:focus-visible { outline-offset: 4px; }
`;

/**
 * On a phone: the energy line, the people, the suggestions, one under another. On a large
 * screen the people take the width, with energy and suggestions in a column beside them.
 */
const PeopleLayout = styled.div`
  ${({ theme }) => theme.media.wide} {
    display: grid;
    grid-template-columns: minmax(0, 1fr) 20rem;
    grid-template-areas: 'people energy' 'people recommended';
    grid-template-rows: auto 1fr;
    column-gap: ${({ theme }) => theme.space(6)};
    align-items: start;
    > details { grid-area: energy; }
  }
`;

const PeopleArea = styled.div`
  grid-area: people;
`;

const RecommendedArea = styled.div`
  grid-area: recommended;
`;

const EnergyDetails = styled.details`
  margin-bottom: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  summary {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
    min-height: ${({ theme }) => theme.touchTarget};
    padding: 0 ${({ theme }) => theme.space(3)};
    cursor: pointer;
    list-style: none;
  }
  summary::-webkit-details-marker { display: none; }
  summary::after {
    content: '▾';
    color: ${({ theme }) => theme.colors.textMuted};
  }
  &[open] summary::after { content: '▴'; }
  &[open] summary { border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  > div { padding: ${({ theme }) => theme.space(3)}; }
`;

const ChangeHint = styled.span`
  margin-left: auto;
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.font.size.small};
  text-decoration: underline;
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

const GroupActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

const Joined = styled.span`
  display: inline-flex;
  align-items: center;
  min-height: 36px;
  color: ${({ theme }) => theme.colors.success};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;
