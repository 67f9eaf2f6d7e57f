import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { reasonSaid, type PresenceReasonCode } from '../../contract/presence-words';
import { chartOf } from '../../machines/lazy-charts';
import { selectPresence, type PresenceActorRef } from '../../machines/presence/presence.machine';
import { AppActor } from '../appContext';
import { say, words } from '../i18n/i18n';
import { HOW_SEEN } from '../i18n/en/profile';
import { Button, Card, Muted } from './ui';

type Words = ReturnType<typeof HOW_SEEN>;

/**
 * "How others see you" (issue 39): presence in full, as the server works it out with the
 * rules that decide what others get, each reason beside the control that changes it. The
 * one-line summary beside the Available switch is made from the same answer.
 */
export function HowOthersSeeYou() {
  const presence = AppActor.useSelector((s) => chartOf(s, 'presence'));
  return presence ? <Answer presence={presence} /> : null;
}

function Answer({ presence }: { presence: PresenceActorRef }) {
  const p = useSelector(presence, selectPresence);
  const w = words(HOW_SEEN);
  return (
    <Card id="how-others-see-you" aria-labelledby="how-seen-title">
      <h2 id="how-seen-title">{w.title}</h2>
      {!p ? (
        <Muted role="status">{w.loading}</Muted>
      ) : (
        <>
          <Facts aria-live="polite">
            <dt>{w.strangers}</dt>
            <dd>{p.visible_to_strangers ? w.seen : w.unseen}</dd>
            <dt>{w.connections}</dt>
            <dd>{p.visible_to_connections ? w.seen : w.unseen}</dd>
            <dt>{w.requests}</dt>
            <dd>{p.requests_held ? w.wait : w.arrive}</dd>
          </Facts>
          {p.reasons.length === 0 ? (
            <Muted>{w.nothing}</Muted>
          ) : (
            <Reasons aria-label={w.why}>
              {p.reasons.map((r) => (
                <li key={r.code} data-code={r.code}>
                  <span>{say(reasonSaid(r))}</span>
                  <Change code={r.code} w={w} />
                </li>
              ))}
            </Reasons>
          )}
        </>
      )}
    </Card>
  );
}

/** Where each reason is changed: the switch and meter on Events, the privacy form, or the break's "I'm back". */
function Change({ code, w }: { code: PresenceReasonCode; w: Words }) {
  const app = AppActor.useActorRef();
  const status = AppActor.useSelector((s) => chartOf(s, 'status'));
  const open = (view: 'events' | 'privacy-settings') => () => app.send({ type: 'view.opened', view });
  const [label, onClick] = ((): [string, () => void] | [null, null] => {
    switch (code) {
      case 'unavailable':
        return [w.change.unavailable, open('events')];
      case 'battery_low':
        return [w.change.battery_low, open('events')];
      case 'on_break':
        return status ? [w.change.on_break, () => status.send({ type: 'break.ended' })] : [null, null];
      case 'privacy_private':
      case 'privacy_friends':
      case 'anonymous':
        return [w.change.privacy, open('privacy-settings')];
      case 'safe_space':
        return [w.change.safe_space, open('privacy-settings')];
      case 'restricted_zone':
        return [w.change.restricted_zone, open('privacy-settings')];
      default:
        // A quiet zone is left by walking out of it.
        return [null, null];
    }
  })();
  return label ? (
    <Button $variant="link" $small type="button" onClick={onClick}>
      {label}
    </Button>
  ) : null;
}

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  dt { font-weight: ${({ theme }) => theme.font.weight.medium}; }
  dd { margin: 0; }
`;

const Reasons = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  li { display: flex; flex-direction: column; align-items: flex-start; }
`;
