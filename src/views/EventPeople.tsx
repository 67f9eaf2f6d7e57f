/** The event's People tab: the energy line, the people nearby a page at a time, and who might be good to start with. */
import { useSelector } from '@xstate/react';
import { memo, useDeferredValue } from 'react';
import type { SnapshotFrom } from 'xstate';
import styled from 'styled-components';
import { BATTERY_MAX } from '../../contract/constants';
import type { BatteryActorRef } from '../../machines/presence/battery.machine';
import { selectMorePeople, selectPeopleStatus, type EventActorRef } from '../../machines/event/event.machine';
import { displayName } from '../../machines/people/user-card.machine';
import { AppActor } from '../appContext';
import { EnergyMeter } from '../components/EnergyMeter';
import { PresenceSummary } from '../components/PresenceSummary';
import { Button, Card, CardGrid, Muted, PlainList, Status } from '../components/ui';
import { UserCard } from '../components/UserCard';
import { useLateSelector } from '../components/useLateSelector';
import { useAfterPaint } from '../components/useAfterPaint';
import { shownName } from '../components/people';
import { say, words } from '../i18n/i18n';
import { reasonsOf } from '../../machines/people/card-words';
import { SHELL } from '../i18n/en/shell';
import { EVENT } from '../i18n/en/event';

/** People: a slim energy line, the people nearby, and who might be good to start with. */
export function PeoplePanel({ event, battery }: { event: EventActorRef; battery: BatteryActorRef | undefined }) {
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
      {/* Who sees the person at this level: presence's line, as beside the Available switch (issue 39). */}
      <PresenceSummary />
    </EnergyDetails>
  );
}

/** The people nearby, a page at a time: Show more people appends the next page. */
export function People({ event }: { event: EventActorRef }) {
  // Read late: the people arrive while the event's page is being drawn (useLateSelector).
  const status = useLateSelector(event, selectPeopleStatus);
  const cards = useLateSelector(event, selectCards);
  const more = useLateSelector(event, selectMorePeople);
  // The cards are drawn from a deferred copy: React draws a page of them in short slices,
  // so a cheap phone stays responsive while they appear (issue 44 item 1).
  const shownCards = useDeferredValue(cards);
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
      <PeopleCards key={shownCards.length > 0 ? 'cards' : 'none'} cards={shownCards} label={w.peopleNearby} busy={more === 'loading'} />
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
      <AllAttendees />
    </Section>
  );
}

type Cards = ReturnType<typeof selectCards>;
const selectCards = (s: SnapshotFrom<EventActorRef>) => s.context.cards;

/** How many cards come with the first drawing of the list: more than a phone's screen shows below the event's top. */
const FIRST_CARDS = 3;

/**
 * One page or more of people cards (memo: drawn again only when the cards change). When
 * the first cards arrive, the first few are drawn and laid out with the page and the rest
 * a pass later (the list is keyed on having cards): on a slow phone the frame that shows
 * the event was one long task, mostly the layout of a dozen cards (issue 44 item 1).
 */
const PeopleCards = memo(function PeopleCards({ cards, label, busy }: { cards: Cards; label: string; busy: boolean }) {
  const all = useAfterPaint();
  if (cards.length === 0) return null;
  return (
    <CardGrid aria-label={label} aria-busy={busy}>
      {(all ? cards : cards.slice(0, FIRST_CARDS)).map((c) => (
        <li key={c.userId}>
          <UserCard card={c.ref} />
        </li>
      ))}
    </CardGrid>
  );
});

/**
 * The people nearby are the first of everyone here: the attendees view is the whole list,
 * with the same cards, one step on (issue 39).
 */
function AllAttendees() {
  const app = AppActor.useActorRef();
  return (
    <AllButton $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'attendees' })}>
      {words(EVENT).seeAll} <span aria-hidden="true">→</span>
    </AllButton>
  );
}

const NOBODY: never[] = [];
const selectRecommended = (s: SnapshotFrom<EventActorRef>) => s.context.recommendations?.people ?? NOBODY;

function Recommended({ event }: { event: EventActorRef }) {
  // Read late: the suggestions arrive while the event's page is being drawn (useLateSelector).
  const people = useLateSelector(event, selectRecommended);
  if (people.length === 0) return null;
  return (
    <Section aria-labelledby="recommended-title">
      <h2 id="recommended-title">{words(EVENT).goodToStart}</h2>
      <Card>
        <PlainList>
          {people.slice(0, 3).map((p) => (
            <Suggestion key={p.user.id}>
              <strong>{shownName(displayName(p.user))}</strong>
              {p.compatibility.compatibility_reasons[0] && <Muted>{say(reasonsOf(p.compatibility)[0]!)}</Muted>}
            </Suggestion>
          ))}
        </PlainList>
      </Card>
    </Section>
  );
}

export const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const MoreButton = styled(Button)`
  display: block;
  width: 100%;
  &[aria-disabled='true'],
  &[aria-disabled='true']:hover { opacity: 0.6; cursor: progress; background: ${({ theme }) => theme.colors.surface}; }
`;

const AllButton = styled(Button)`
  display: block;
  width: 100%;
  margin-top: ${({ theme }) => theme.space(2)};
`;

const MoreFailed = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  text-align: center;
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
  > p { padding: 0 ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)}; }
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
