/**
 * Contact cards (issue 18): "Cards", the details people chose to share with the user,
 * each kept or declined privately; and "Shared with", what the user shared with whom,
 * each taken back with Revoke (which asks first). Both render their chart and send it
 * events, nothing more.
 */
import type { Said } from '../../contract/said';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { Card as CardData, SharedCard } from '../../contract/cards';
import {
  cardDetails,
  detailHref,
  selectCardsStatus,
  selectSharedStatus,
  type CardsActorRef,
  type SharedCardsActorRef,
} from '../../machines/cards/cards.machine';
import { chartOf } from '../../machines/lazy-charts';
import { AppActor } from '../appContext';
import { dayAndTime } from '../components/format';
import { LoadState } from '../components/LoadState';
import { ViewPage } from '../components/ViewPage';
import { Button, Card, Muted, PlainList, Row, Status } from '../components/ui';
import { say, words } from '../i18n/i18n';
import { CARDS } from '../i18n/en/cards';

const labelOf = (field: string): string => words(CARDS).fields[field] ?? field;

/** The way between the two lists. */
function Switch({ to }: { to: 'cards' | 'shared-cards' }) {
  const app = AppActor.useActorRef();
  return (
    <Button $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: to })}>
      {to === 'cards' ? words(CARDS).cardsLink : words(CARDS).sharedLink}
    </Button>
  );
}

/** cards: the cards offered to the user. */
export function CardsView() {
  const cards = AppActor.useSelector((s) => chartOf(s, 'cards'));
  const w = words(CARDS);
  return (
    <ViewPage back="profile" title={w.cardsTitle} intro={<Muted>{w.cardsIntro}</Muted>}>
      <Between>
        <Switch to="shared-cards" />
      </Between>
      {cards ? <ReceivedList cards={cards} /> : <Status role="status">{w.loadingCards}</Status>}
    </ViewPage>
  );
}

function ReceivedList({ cards }: { cards: CardsActorRef }) {
  const status = useSelector(cards, selectCardsStatus);
  const list = useSelector(cards, (s) => s.context.cards);
  const acting = useSelector(cards, (s) => s.context.acting);
  const error = useSelector(cards, (s) => s.context.error);
  const w = words(CARDS);
  return (
    <LoadState
      status={status}
      empty={list.length === 0}
      loading={w.loadingCards}
      failed={w.cardsFailed}
      retry={() => cards.send({ type: 'cards.reloaded' })}
      emptyText={w.cardsEmpty}
    >
      <PlainList aria-label={w.cardsTitle}>
        {list.map((c) => (
          <ReceivedCard
            key={c.id}
            card={c}
            busy={acting === c.id}
            disabled={acting !== null}
            error={error?.id === c.id ? error.message : null}
            onKeep={() => cards.send({ type: 'card.keep', id: c.id })}
            onDecline={() => cards.send({ type: 'card.decline', id: c.id })}
          />
        ))}
      </PlainList>
    </LoadState>
  );
}

function ReceivedCard({
  card,
  busy,
  disabled,
  error,
  onKeep,
  onDecline,
}: {
  card: CardData;
  busy: boolean;
  disabled: boolean;
  error: Said | null;
  onKeep: () => void;
  onDecline: () => void;
}) {
  const titleId = `card-${card.id}`;
  const w = words(CARDS);
  return (
    <Item>
      <Card as="article" aria-labelledby={titleId}>
        <Head>
          <h2 id={titleId}>{card.from_name}</h2>
          {card.kept && <KeptTag>{w.kept}</KeptTag>}
        </Head>
        <Since>{w.shared(dayAndTime(card.created_at))}</Since>
        <Details>
          {cardDetails(card.contact_data).map(([field, value]) => {
            const href = detailHref(field, value);
            const external = href?.startsWith('https:');
            return (
              <div key={field}>
                <dt>{labelOf(field)}</dt>
                <dd>
                  {href ? (
                    <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                      {value}
                    </a>
                  ) : (
                    value
                  )}
                </dd>
              </div>
            );
          })}
        </Details>
        {error && <ErrorText role="alert">{say(error)}</ErrorText>}
        <Row>
          {!card.kept && (
            <Button type="button" disabled={disabled} aria-label={w.keepCard(card.from_name)} onClick={onKeep}>
              {busy ? w.keeping : w.keep}
            </Button>
          )}
          <Button
            type="button"
            $variant="secondary"
            disabled={disabled}
            aria-label={card.kept ? w.removeCard(card.from_name) : w.declineCard(card.from_name)}
            onClick={onDecline}
          >
            {/* A kept card can still leave the list: the same private decline. */}
            {card.kept ? w.remove : w.decline}
          </Button>
        </Row>
      </Card>
    </Item>
  );
}

/** shared-cards: what the user shared, and with whom. */
export function SharedCardsView() {
  const shared = AppActor.useSelector((s) => chartOf(s, 'sharedCards'));
  const w = words(CARDS);
  return (
    <ViewPage back="profile" title={w.sharedTitle} intro={<Muted>{w.sharedIntro}</Muted>}>
      <Between>
        <Switch to="cards" />
      </Between>
      {shared ? <SharedList shared={shared} /> : <Status role="status">{w.loadingShared}</Status>}
    </ViewPage>
  );
}

function SharedList({ shared }: { shared: SharedCardsActorRef }) {
  const status = useSelector(shared, selectSharedStatus);
  const list = useSelector(shared, (s) => s.context.shared);
  const chosen = useSelector(shared, (s) => (s.matches('confirming') || s.matches('revoking') ? s.context.chosen : null));
  const busy = useSelector(shared, (s) => s.matches('revoking'));
  const error = useSelector(shared, (s) => s.context.error);
  const w = words(CARDS);
  return (
    <LoadState
      status={status}
      empty={list.length === 0}
      loading={w.loadingShared}
      failed={w.sharedFailed}
      retry={() => shared.send({ type: 'shared.reloaded' })}
      emptyText={w.sharedEmpty}
    >
      <PlainList aria-label={w.sharedTitle}>
        {list.map((c) => (
          <SharedItem key={c.id} card={c} asking={chosen === c.id} busy={busy} disabled={chosen !== null} error={error} shared={shared} />
        ))}
      </PlainList>
    </LoadState>
  );
}

function SharedItem({
  card,
  asking,
  busy,
  disabled,
  error,
  shared,
}: {
  card: SharedCard;
  asking: boolean;
  busy: boolean;
  disabled: boolean;
  error: Said | null;
  shared: SharedCardsActorRef;
}) {
  const titleId = `shared-${card.id}`;
  const w = words(CARDS);
  return (
    <Item>
      <Card as="article" aria-labelledby={titleId}>
        <h2 id={titleId}>{card.to_name}</h2>
        <Since>{w.shared(dayAndTime(card.created_at))}</Since>
        <p>{card.fields.map(labelOf).join(', ')}</p>
        {asking ? (
          <Confirm role="group" aria-labelledby={`${titleId}-ask`}>
            <p id={`${titleId}-ask`}>{w.revokeConfirm({ name: card.to_name })}</p>
            {error && <ErrorText role="alert">{say(error)}</ErrorText>}
            <Row>
              <Button type="button" $variant="danger" disabled={busy} onClick={() => shared.send({ type: 'shared.revokeConfirmed' })}>
                {busy ? w.revoking : w.revokeYes}
              </Button>
              {/* The calm choice has focus, so a stray Enter changes nothing. */}
              <Button type="button" $variant="secondary" autoFocus disabled={busy} onClick={() => shared.send({ type: 'shared.revokeCancelled' })}>
                {w.revokeNo}
              </Button>
            </Row>
          </Confirm>
        ) : (
          <Row>
            <Button
              type="button"
              $variant="secondary"
              disabled={disabled}
              aria-label={w.revokeWhat(card.to_name)}
              onClick={() => shared.send({ type: 'shared.revokeRequested', id: card.id })}
            >
              {w.revoke}
            </Button>
          </Row>
        )}
      </Card>
    </Item>
  );
}

/** The way to the other list, clear of the first card. */
const Between = styled(Row)`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Item = styled.li`
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  h2 { margin: 0; }
`;

const KeptTag = styled.span`
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Since = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Details = styled.dl`
  margin: ${({ theme }) => theme.space(2)} 0;
  div { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(2)}; padding: ${({ theme }) => theme.space(1)} 0; }
  dt { font-weight: ${({ theme }) => theme.font.weight.bold}; min-width: 6rem; }
  dd { margin: 0; overflow-wrap: anywhere; }
  a { display: inline-block; min-height: 44px; line-height: 44px; }
`;

const Confirm = styled.div`
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  p { margin: 0 0 ${({ theme }) => theme.space(2)}; }
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;
