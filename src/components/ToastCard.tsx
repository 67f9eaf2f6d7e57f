import styled from 'styled-components';
import { useSelector } from '@xstate/react';
import { selectShownToast } from '../../machines/app/toasts.machine';
import { AppActor } from '../appContext';
import { say, words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';

/** The toast on screen, in its region (Toasts.tsx): its words, Open when it is about something, and Dismiss. */
export function ToastCard() {
  const app = AppActor.useActorRef();
  const owner = AppActor.useSelector((s) => s.children.toasts);
  const shown = useSelector(owner, selectShownToast);
  if (!shown) return null;
  return (
        <Toast key={shown.id} $kind={shown.kind}>
          <span id={`toast-${shown.id}`}>{say(shown.message)}</span>
          <Actions>
            {/* A toast about something (a new message) opens it. */}
            {shown.link && (
              <OpenButton type="button" onClick={() => app.send({ type: 'address.opened', path: shown.link! })}>
                {shown.label ? say(shown.label) : words(SHELL).open}
              </OpenButton>
            )}
            {/* Nobody has to wait five seconds for a message they have read. Described by its
                message (the name stays Dismiss, for voice control and for labels elsewhere). */}
            <DismissButton type="button" aria-label={words(SHELL).dismiss} aria-describedby={`toast-${shown.id}`} onClick={() => owner?.send({ type: 'toast.dismissed', id: shown.id })}>
              ×
            </DismissButton>
          </Actions>
        </Toast>
  );
}

const OpenButton = styled.button`
  min-height: 44px;
  min-width: 44px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid currentColor;
  border-radius: ${({ theme }) => theme.radius.medium};
  background: transparent;
  color: inherit;
  font: inherit;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  cursor: pointer;
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  flex-shrink: 0;
`;

const DismissButton = styled.button`
  min-height: 44px;
  min-width: 44px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.medium};
  background: transparent;
  color: inherit;
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.large};
  line-height: 1;
  cursor: pointer;
`;


const Toast = styled.div<{ $kind: 'success' | 'info' | 'error' }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.medium};
  box-shadow: ${({ theme }) => theme.shadow};
  background: ${({ theme, $kind }) =>
    $kind === 'error' ? theme.colors.dangerSurface : $kind === 'info' ? theme.colors.infoSurface : theme.colors.successSurface};
  color: ${({ theme, $kind }) =>
    $kind === 'error' ? theme.colors.danger : $kind === 'info' ? theme.colors.info : theme.colors.success};
  border: 1px solid currentColor;
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
