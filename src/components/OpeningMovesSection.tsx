import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { OPENING_MOVES_MAX, OPENING_MOVE_TEXT_MAX } from '../../contract/opening-move-words';
import { chartOf } from '../../machines/lazy-charts';
import { selectPromptsChanged, suggestionsFor, type OpeningMovesActorRef } from '../../machines/profile/opening-moves.machine';
import { AppActor } from '../appContext';
import { say, words } from '../i18n/i18n';
import { OPENING_MOVES } from '../i18n/en/opening-moves';
import { Choice } from './form';
import { PresenceSummary } from './PresenceSummary';
import { Button, Card, Muted, Row } from './ui';

/** The profile's "First steps" (issue 43): "Happy to be approached", and the opening moves on the card. */
export function OpeningMovesSection() {
  const chart = AppActor.useSelector((s) => chartOf(s, 'moves'));
  if (!chart) return null;
  return <OpeningMovesPanel chart={chart} />;
}

export function OpeningMovesPanel({ chart }: { chart: OpeningMovesActorRef }) {
  const open = useSelector(chart, (s) => s.context.user.open_to_hello === true);
  const interests = useSelector(chart, (s) => s.context.user.interests);
  const helloSaving = useSelector(chart, (s) => s.matches({ hello: 'saving' }));
  const helloProblem = useSelector(chart, (s) => s.context.helloProblem);
  const draft = useSelector(chart, (s) => s.context.draft);
  const said = useSelector(chart, (s) => s.context.said);
  const saving = useSelector(chart, (s) => s.matches({ prompts: 'saving' }));
  const changed = useSelector(chart, selectPromptsChanged);
  const w = words(OPENING_MOVES);
  const room = draft.length < OPENING_MOVES_MAX;
  const suggestions = suggestionsFor(interests)
    .map(say)
    .filter((text) => !draft.includes(text));
  return (
    <Card aria-labelledby="opening-moves-title">
      <h2 id="opening-moves-title">{w.title}</h2>
      <Muted>{w.about}</Muted>
      <Choice
        id="open-to-hello"
        label={w.hello}
        checked={open}
        hint={w.helloHint}
        onChange={() => {
          if (!helloSaving) chart.send({ type: 'openingMoves.helloToggled' });
        }}
      />
      {/* Whether the badge is held now is presence's to say (one answer from the server). */}
      {open && <PresenceSummary link={false} />}
      {helloProblem && <p role="alert">{say(helloProblem)}</p>}

      <h3 id="opening-moves-list">{w.movesTitle}</h3>
      <Muted>{w.movesAbout}</Muted>
      <form
        aria-labelledby="opening-moves-list"
        onSubmit={(e) => {
          e.preventDefault();
          chart.send({ type: 'openingMoves.saveRequested' });
        }}
      >
        {draft.map((text, i) => (
          <Prompt key={i}>
            <label htmlFor={`opening-move-${i}`}>{w.prompt(i + 1)}</label>
            <Row>
              <input
                id={`opening-move-${i}`}
                type="text"
                maxLength={OPENING_MOVE_TEXT_MAX}
                value={text}
                onChange={(e) => chart.send({ type: 'openingMoves.promptChanged', index: i, value: e.target.value })}
              />
              <Button type="button" $small $variant="secondary" aria-label={w.remove(i + 1)} onClick={() => chart.send({ type: 'openingMoves.promptRemoved', index: i })}>
                ✕
              </Button>
            </Row>
          </Prompt>
        ))}
        {room && (
          <>
            <Button type="button" $small $variant="secondary" onClick={() => chart.send({ type: 'openingMoves.promptAdded', text: '' })}>
              {w.addOwn}
            </Button>
            {suggestions.length > 0 && (
              <Suggestions aria-label={w.suggestions}>
                <Muted>{w.suggestions}</Muted>
                <ul>
                  {suggestions.map((text) => (
                    <li key={text}>
                      <Button type="button" $small $variant="secondary" onClick={() => chart.send({ type: 'openingMoves.promptAdded', text })}>
                        + {text}
                      </Button>
                    </li>
                  ))}
                </ul>
              </Suggestions>
            )}
          </>
        )}
        <Row>
          <Button type="submit" disabled={saving || !changed}>
            {saving ? w.saving : w.save}
          </Button>
        </Row>
        <p role="status" aria-live="polite">{said ? say(said) : ''}</p>
      </form>
    </Card>
  );
}

const Prompt = styled.div`
  margin-bottom: ${({ theme }) => theme.space(2)};
  label { display: block; font-weight: 600; }
  input { flex: 1; min-width: 0; min-height: 44px; font: inherit; }
`;

const Suggestions = styled.section`
  margin: ${({ theme }) => theme.space(2)} 0;
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(1)}; }
`;
