import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { useSelector } from '@xstate/react';
import { selectShownToast } from '../../machines/app/toasts.machine';
import { AppActor } from '../appContext';
import { say, words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';

/**
 * The toast on screen (one at a time: the toasts chart keeps the others waiting); it goes
 * by itself after five seconds, or at once with its Dismiss (×) button, and the next one
 * takes its place. One live region for the whole app (so every toast is announced), laid
 * out in the sticky top bar rather than floating over the page: a toast pushes the page
 * down instead of covering it, so it never hides a field, a button, a chat's input or the
 * last line of a list. The region is in the entry script; the toast's card (its buttons
 * and looks) arrives with the first toast, which meanwhile says its words in the region.
 */
export function Toasts() {
  const owner = AppActor.useSelector((s) => s.children.toasts);
  const shown = useSelector(owner, selectShownToast);
  return (
    <Region role="status" aria-live="polite" aria-label={words(SHELL).notifications}>
      {shown && (
        <Suspense fallback={<span>{say(shown.message)}</span>}>
          <ToastCard />
        </Suspense>
      )}
    </Region>
  );
}

const ToastCard = lazy(() => import('../later').then((index) => index.LATER.toast()));

const Region = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space(4)};
  &:not(:empty) { padding-block: ${({ theme }) => theme.space(2)}; }
`;
