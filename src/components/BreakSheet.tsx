import { useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import { STATUS_MESSAGE_MAX } from '../../contract/safety-words';
import { fieldDomId } from '../../machines/form-ids';
import { BREAK_FORM, BREAK_LENGTHS, selectSheet, type StatusActorRef } from '../../machines/presence/status.machine';
import { Choice, Field, Fieldset, FormError } from './form';
import { ModalForm } from './Modal';
import { say, words } from '../i18n/i18n';
import { BREAK_SHEET } from '../i18n/en/break-sheet';

/** A few calm emoji to choose from, each with the name a screen reader says. */
const EMOJI: ReadonlyArray<{ emoji: string; name: keyof ReturnType<typeof BREAK_SHEET>['emoji'] }> = [
  { emoji: '', name: 'none' },
  { emoji: '🌙', name: 'moon' },
  // With its emoji presentation selector, so it is drawn in colour, not as a text glyph.
  { emoji: '☕\uFE0F', name: 'coffee' },
  { emoji: '🌿', name: 'leaf' },
  { emoji: '🎧', name: 'headphones' },
  { emoji: '💤', name: 'resting' },
];

/**
 * The break sheet (issue 16): how long to be away, and an optional line and emoji for
 * the person's connections. The draft and what is wrong with it live in the status chart.
 */
export function BreakSheet({ status }: { status: StatusActorRef }) {
  const draft = useSelector(status, (s) => s.context.draft);
  const errors = useSelector(status, (s) => s.context.errors);
  const saving = useSelector(status, (s) => selectSheet(s) === 'saving');
  const id = useId();
  const w = words(BREAK_SHEET);
  return (
    <ModalForm
      title={w.title}
      about={w.about}
      submit={[w.start, w.starting]}
      dismiss={w.cancel}
      busy={saving}
      onSubmit={() => status.send({ type: 'break.submitted' })}
      onCancel={() => status.send({ type: 'break.cancelled' })}
    >
      <Fieldset>
        <legend>{w.howLong}</legend>
        {BREAK_LENGTHS.map((length) => (
          <Choice
            key={length}
            id={`${id}-${length}`}
            type="radio"
            name={`${id}-length`}
            value={length}
            label={w.lengths[length].label}
            hint={w.lengths[length].hint}
            checked={draft.length === length}
            onChange={() => status.send({ type: 'break.lengthChosen', length })}
          />
        ))}
      </Fieldset>
      <Field
        id={fieldDomId(BREAK_FORM, 'message')}
        label={w.statusLine}
        hint={w.statusHint(STATUS_MESSAGE_MAX)}
        placeholder={w.statusPlaceholder}
        value={draft.message}
        error={errors.fields.message}
        onChange={(message) => status.send({ type: 'break.messageChanged', message })}
      />
      <Fieldset>
        <legend>{w.emojiLegend}</legend>
        <Emojis id={fieldDomId(BREAK_FORM, 'emoji')} tabIndex={-1}>
          {EMOJI.map(({ emoji, name }) => (
            <EmojiChoice key={name}>
              <input
                type="radio"
                name={`${id}-emoji`}
                value={emoji}
                aria-label={w.emoji[name]}
                checked={draft.emoji === emoji}
                onChange={() => status.send({ type: 'break.emojiChosen', emoji })}
              />
              {emoji ? <span aria-hidden="true">{emoji}</span> : <NoEmoji aria-hidden="true">{w.none}</NoEmoji>}
            </EmojiChoice>
          ))}
        </Emojis>
        {errors.fields.emoji && <Problem role="alert">{say(errors.fields.emoji)}</Problem>}
      </Fieldset>
      <FormError form={BREAK_FORM} message={errors.form} />
    </ModalForm>
  );
}

const Emojis = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  &:focus { outline: none; }
`;

/** The radio button itself is hidden; its label is the 44 px target, outlined when chosen or focused. */
const EmojiChoice = styled.label`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: ${({ theme }) => theme.touchTarget};
  min-height: ${({ theme }) => theme.touchTarget};
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.medium};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  font-size: 1.25rem;
  cursor: pointer;
  input {
    position: absolute;
    inset: 0;
    opacity: 0;
    margin: 0;
    cursor: pointer;
  }
  &:has(input:checked) {
    border: 2px solid ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.infoSurface};
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const NoEmoji = styled.span`
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Problem = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
