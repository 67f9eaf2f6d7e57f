import { useId } from 'react';
import styled from 'styled-components';
import { Button } from './ui';
import { words } from '../i18n/i18n';
import { CHAT_LOG } from '../i18n/en/chat-log';

/** SPEC 2: "Chat input forms come in two colours, blue and purple". */
export type ChatTone = 'blue' | 'purple';

interface ChatInputFormProps {
  tone: ChatTone;
  /** The form's accessible name, e.g. 'Message Sam'. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  disabled?: boolean;
}

/**
 * The message input with the placeholder 'Type your message...' and Send. What is sent,
 * and whether (whitespace is not), is the chart's business; this only reads and sends.
 */
export function ChatInputForm({ tone, label, value, onChange, onSend, disabled }: ChatInputFormProps) {
  const id = useId();
  const w = words(CHAT_LOG);
  return (
    <Form
      $tone={tone}
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      <label className="visually-hidden" htmlFor={`${id}-message`}>
        {w.message}
      </label>
      <input
        id={`${id}-message`}
        type="text"
        autoComplete="off"
        enterKeyHint="send"
        placeholder={w.placeholder}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
      <Button type="submit" $variant={tone === 'purple' ? 'purple' : 'primary'} disabled={disabled}>
        {w.send}
      </Button>
    </Form>
  );
}

const Form = styled.form<{ $tone: ChatTone }>`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.large};
  border: 2px solid ${({ theme, $tone }) => ($tone === 'purple' ? theme.colors.purple : theme.colors.primary)};
  background: ${({ theme }) => theme.colors.surface};
  input {
    flex: 1;
    min-width: 0;
    min-height: ${({ theme }) => theme.touchTarget};
    padding: 0 ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.colors.textMuted};
    border-radius: ${({ theme }) => theme.radius.medium};
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surface};
  }
  input::placeholder { color: ${({ theme }) => theme.colors.textMuted}; }
`;
