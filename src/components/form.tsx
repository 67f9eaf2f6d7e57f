/**
 * The shared form controls: fields, choices and a form's own message, each with its
 * label, hint and error wired up for assistive technology. Apart from ui.tsx so the entry
 * script (the shell) carries only layout; the views with forms bring these.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { formErrorDomId } from '../../machines/form-ids';
import type { Said } from '../../contract/said';
import { say } from '../i18n/i18n';
import { Button, Row } from './ui';

const FieldWrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  label { font-weight: ${({ theme }) => theme.font.weight.medium}; }
  input, select, textarea {
    min-height: ${({ theme }) => theme.touchTarget};
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.colors.textMuted};
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
  [aria-invalid='true'] {
    border: 2px solid ${({ theme }) => theme.colors.danger};
  }
  input[type='range'] {
    padding: 0;
    border: none;
    background: none;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  hint?: string;
  /** What is wrong with the value, said beside the field (its form's chart decides). */
  error?: Said | undefined;
  autoComplete?: string;
  required?: boolean;
  placeholder?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
}

/** The ids a control is described by: its hint, then its error. */
function describedBy(id: string, hint: string | undefined, error: Said | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-message` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** A field's error, right under it; the field names it as its description (`${id}-message`). */
export function FieldMessage({ id, error }: { id: string; error: Said | undefined }) {
  return error ? (
    <Problem id={`${id}-message`}>
      <span aria-hidden="true">⚠ </span>
      <span>{say(error)}</span>
    </Problem>
  ) : null;
}

/**
 * What every field has around its control: its label (or a head holding it), and under it
 * the hint and the error, which the control names as its description (`controlOf`).
 */
function FieldShell({ id, label, head, hint, error, children }: { id: string; label: string; head?: (label: ReactNode) => ReactNode; hint?: string | undefined; error?: Said | undefined; children: ReactNode }) {
  const labelled = <label htmlFor={id}>{label}</label>;
  return (
    <FieldWrap>
      {head ? head(labelled) : labelled}
      {children}
      {hint && <small id={`${id}-hint`}>{hint}</small>}
      <FieldMessage id={id} error={error} />
    </FieldWrap>
  );
}

/** A field's control: its id and name, and whether it is invalid and what describes it. */
const controlOf = (id: string, hint: string | undefined, error: Said | undefined) => ({
  id,
  name: id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(id, hint, error),
});

export function Field({ id, label, value, onChange, type = 'text', hint, error, autoComplete, required, placeholder, inputMode }: FieldProps) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <input
        {...controlOf(id, hint, error)}
        type={type}
        value={value}
        required={required}
        placeholder={placeholder}
        autoComplete={autoComplete}
        inputMode={inputMode}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldShell>
  );
}

interface SelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  hint?: string;
  error?: Said | undefined;
}

export function SelectField({ id, label, value, onChange, options, hint, error }: SelectProps) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <select {...controlOf(id, hint, error)} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

interface RangeProps {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  /** The value as shown beside the label ("15 m") and read out ("15 metres"). */
  shown: string;
  spoken: string;
  onChange: (value: number) => void;
  hint?: string;
  error?: Said | undefined;
}

/** A slider with its value written beside its label, so nobody has to guess where it stands. */
export function RangeField({ id, label, value, min, max, shown, spoken, onChange, hint, error }: RangeProps) {
  const head = (labelled: ReactNode) => (
    <RangeHead>
      {labelled}
      <output htmlFor={id} aria-hidden="true">
        {shown}
      </output>
    </RangeHead>
  );
  return (
    <FieldShell id={id} label={label} head={head} hint={hint} error={error}>
      <input
        {...controlOf(id, hint, error)}
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-valuetext={spoken}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </FieldShell>
  );
}

const RangeHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  output { font-weight: ${({ theme }) => theme.font.weight.bold}; }
`;

export function Form({ onSubmit, children, label }: { onSubmit: () => void; children: ReactNode; label: string }) {
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}


interface TextAreaProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: Said | undefined;
  required?: boolean;
  rows?: number;
  /** The most characters the field takes (its hint says how many are used). */
  maxLength?: number;
  disabled?: boolean;
}

export function TextAreaField({ id, label, value, onChange, hint, error, required, rows = 3, maxLength, disabled }: TextAreaProps) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <textarea
        {...controlOf(id, hint, error)}
        rows={rows}
        value={value}
        required={required}
        maxLength={maxLength}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldShell>
  );
}

/** A dialog's Send and Cancel: both wait while it is on its way, and Send says so. */
export function SendOrCancel({
  send,
  busy = 'Sending…',
  sending,
  waiting = false,
  onCancel,
  dismiss = 'Cancel',
  danger = false,
}: {
  send: string;
  /** The submit button's words while the form is on its way. */
  busy?: string;
  sending: boolean;
  /** Send waits (something it needs is on its way); Cancel does not. */
  waiting?: boolean;
  onCancel: () => void;
  /** The way out's words, where "Cancel" would read as the form's own action (cancelling an event). */
  dismiss?: string;
  /** What the form does cannot be undone: its button says so in colour too. */
  danger?: boolean;
}) {
  return (
    <Row>
      <Button type="submit" $variant={danger ? 'danger' : 'primary'} disabled={sending || waiting}>
        {sending ? busy : send}
      </Button>
      <Button type="button" $variant="secondary" disabled={sending} onClick={onCancel}>
        {dismiss}
      </Button>
    </Row>
  );
}

/**
 * A form's own message (a refusal that belongs to no field), just above its buttons so
 * it is seen where the person pressed. Focus moves here when it is the first error.
 */
export function FormError({ form, message }: { form: string; message: Said | null }) {
  return message ? (
    <FormProblem id={formErrorDomId(form)} role="alert" tabIndex={-1}>
      {say(message)}
    </FormProblem>
  ) : null;
}

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const FormProblem = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.dangerSurface};
  color: ${({ theme }) => theme.colors.danger};
`;

interface ChoiceProps {
  id: string;
  /** Words, or words in another language marked as such (a language's own name). */
  label: ReactNode;
  checked: boolean;
  onChange: () => void;
  /** A plain sentence saying what the choice does. */
  hint?: string;
  type?: 'checkbox' | 'radio';
  name?: string;
  value?: string;
}

/**
 * A checkbox or radio button with its label and a plain explanation. The explanation is
 * the control's description, not part of its name.
 */
export function Choice({ id, label, checked, onChange, hint, type = 'checkbox', name, value }: ChoiceProps) {
  // The label holds the box, so the whole line is the 44 px target, not the 24 px box.
  return (
    <ChoiceWrap>
      <label htmlFor={id}>
        <input
          id={id}
          type={type}
          name={name}
          value={value}
          checked={checked}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={() => onChange()}
        />
        <span>{label}</span>
      </label>
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </ChoiceWrap>
  );
}

const ChoiceWrap = styled.div`
  padding: ${({ theme }) => theme.space(1)} 0;
  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(3)};
    min-height: ${({ theme }) => theme.touchTarget};
    font-weight: ${({ theme }) => theme.font.weight.medium};
    cursor: pointer;
  }
  input {
    flex: none;
    width: 24px;
    height: 24px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
    cursor: pointer;
  }
  small {
    display: block;
    margin-top: -${({ theme }) => theme.space(2)};
    padding: 0 0 ${({ theme }) => theme.space(1)} 36px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.small};
  }
`;

/** Radio choices under a legend, one of them checked; each choice's id is `${name}-${value}`. */
export function RadioChoices<V extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  choices: ReadonlyArray<{ value: V; label: ReactNode; hint?: string | undefined }>;
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <Fieldset>
      <legend>{legend}</legend>
      {choices.map((c) => (
        <Choice
          key={c.value}
          id={`${name}-${c.value}`}
          type="radio"
          name={name}
          value={c.value}
          label={c.label}
          hint={c.hint}
          checked={value === c.value}
          onChange={() => onChange(c.value)}
        />
      ))}
    </Fieldset>
  );
}

export const Fieldset = styled.fieldset`
  border: none;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  legend {
    font-weight: ${({ theme }) => theme.font.weight.bold};
    margin-bottom: ${({ theme }) => theme.space(1)};
    padding: 0;
  }
`;

/** A small label: an event type, an anxiety-friendly feature, an interest. */
