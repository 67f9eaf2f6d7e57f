import { lazy, Suspense } from 'react';
import { selectError } from '../../machines/app.machine';
import { AppActor } from '../appContext';
import { say } from '../i18n/i18n';

/**
 * The error banner, an alert. Its card (its looks and Dismiss) is a chunk of its own; until
 * it has arrived the alert says the words alone.
 */
export function ErrorBanner() {
  const error = AppActor.useSelector(selectError);
  return error ? (
    <div role="alert">
      <Suspense fallback={<p>{say(error)}</p>}>
        <ErrorCard />
      </Suspense>
    </div>
  ) : null;
}

const ErrorCard = lazy(() => import('../later').then((index) => index.LATER.error()));
