import styled from 'styled-components';
import { selectToasts } from '../../machines/app.machine';
import { AppActor } from '../appContext';

/** The toasts of the root chart; each goes by itself after five seconds. */
export function Toasts() {
  const toasts = AppActor.useSelector(selectToasts);
  return (
    <Region role="status" aria-live="polite" aria-label="Notifications">
      {toasts.map((t) => (
        <Toast key={t.id} $kind={t.kind}>
          {t.message}
        </Toast>
      ))}
    </Region>
  );
}

const Region = styled.div`
  position: fixed;
  left: 50%;
  bottom: ${({ theme }) => theme.space(4)};
  transform: translateX(-50%);
  width: min(92vw, 28rem);
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  z-index: 50;
  pointer-events: none;
`;

const Toast = styled.div<{ $kind: 'success' | 'info' | 'error' }>`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.medium};
  box-shadow: ${({ theme }) => theme.shadow};
  background: ${({ theme, $kind }) =>
    $kind === 'error' ? theme.colors.dangerSurface : $kind === 'info' ? theme.colors.infoSurface : theme.colors.successSurface};
  color: ${({ theme, $kind }) =>
    $kind === 'error' ? theme.colors.danger : $kind === 'info' ? theme.colors.info : theme.colors.success};
  border: 1px solid currentColor;
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
