import styled from 'styled-components';
import { chartOf } from '../../machines/lazy-charts';
import { selectPresenceSummary, type PresenceActorRef } from '../../machines/presence/presence.machine';
import { AppActor } from '../appContext';
import { say, words } from '../i18n/i18n';
import { FEELING } from '../i18n/en/events';
import { Button } from './ui';
import { useLateSelector } from './useLateSelector';

/**
 * Presence's one line (issue 39): who can see the person nearby now and whether requests
 * wait, from the server's answer, with the way to "How others see you". Nothing is said
 * until the first answer, so it never says what the server would not.
 */
export function PresenceSummary({ id, link = true }: { id?: string; link?: boolean }) {
  const presence = AppActor.useSelector((s) => chartOf(s, 'presence'));
  return presence ? <Summary presence={presence} id={id} link={link} /> : null;
}

/** The same sentences (the summary is worked out afresh from each snapshot). */
const sameWords = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function Summary({ presence, id, link }: { presence: PresenceActorRef; id?: string; link: boolean }) {
  // Read late: presence answers while the view around it is being drawn (useLateSelector).
  const summary = useLateSelector(presence, selectPresenceSummary, sameWords);
  const app = AppActor.useActorRef();
  const w = words(FEELING);
  return (
    <Line>
      {/* Announced when it changes: the answer after a switch comes a moment later. */}
      <span id={id} className="presence-summary" aria-live="polite">
        {summary?.map(say).join(' ')}
      </span>
      {summary && link && (
        <Button $variant="link" $small type="button" onClick={() => app.send({ type: 'view.opened', view: 'profile' })}>
          {w.howOthersSeeYou}
        </Button>
      )}
    </Line>
  );
}

const Line = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  column-gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
  button { font-size: inherit; }
`;
