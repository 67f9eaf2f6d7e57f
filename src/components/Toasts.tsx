import styled from 'styled-components';
import { selectToasts } from '../../machines/app.machine';
import { AppActor } from '../appContext';

/**
 * The toasts of the root chart; each goes by itself after five seconds. One live region
 * for the whole app (so every toast is announced), laid out in the sticky top bar rather
 * than floating over the page: a toast pushes the page down instead of covering it, so it
 * never hides a field, a button, a chat's input or the last line of a list.
 */
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
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space(4)};
  &:not(:empty) { padding-block: ${({ theme }) => theme.space(2)}; }
`;

const Toast = styled.div<{ $kind: 'success' | 'info' | 'error' }>`
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
