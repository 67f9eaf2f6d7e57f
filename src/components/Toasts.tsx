import styled, { css } from 'styled-components';
import { currentUserView, selectToasts, type AppSnapshot } from '../../machines/app.machine';
import type { UserView } from '../../machines/views';
import { AppActor } from '../appContext';

/** Views whose message input sits low on the screen, where a toast would cover it. */
const INPUT_AT_BOTTOM: ReadonlySet<UserView> = new Set<UserView>(['chat', 'group-chat']);

/** Where the toasts show: at the top of the screen while a chat's input is in use, else at the bottom. */
export type ToastPlacement = 'top' | 'bottom';

const selectPlacement = (s: AppSnapshot): ToastPlacement => {
  const view = currentUserView(s);
  return view && INPUT_AT_BOTTOM.has(view) ? 'top' : 'bottom';
};

/**
 * The toasts of the root chart; each goes by itself after five seconds. One live region
 * for the whole app (so every toast is announced), moved to the top of the screen on the
 * chat views so it never covers the message input or the Send button.
 */
export function Toasts() {
  const toasts = AppActor.useSelector(selectToasts);
  const placement = AppActor.useSelector(selectPlacement);
  return (
    <Region role="status" aria-live="polite" aria-label="Notifications" $placement={placement}>
      {toasts.map((t) => (
        <Toast key={t.id} $kind={t.kind}>
          {t.message}
        </Toast>
      ))}
    </Region>
  );
}

const Region = styled.div<{ $placement: ToastPlacement }>`
  position: fixed;
  left: 50%;
  ${({ theme, $placement }) =>
    $placement === 'top'
      ? css`
          top: calc(env(safe-area-inset-top, 0px) + ${theme.space(2)});
        `
      : css`
          bottom: calc(env(safe-area-inset-bottom, 0px) + ${theme.space(4)});
        `}
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
