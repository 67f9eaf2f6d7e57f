import type { ReactNode } from 'react';
import { Button, Card, Status } from './ui';
import { words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';

/** Where a list's (or a form's) load stands, as its chart's selector says. */
export type LoadStatus = 'loading' | 'failed' | 'ready';

interface LoadStateProps {
  status: LoadStatus;
  /** Nothing to show yet: then loading, or a failure, takes the place of the content. */
  empty: boolean;
  /** Announced while the first load runs, e.g. 'Loading requests…'. */
  loading: string;
  /** Said when the load failed, e.g. "We couldn't load your requests just now." */
  failed: string;
  /** Offered as Try again; without it the failure is only said (a form above is the retry). */
  retry?: () => void;
  retryVariant?: 'primary' | 'secondary';
  /**
   * A failure while content is already shown: left unsaid (the content still stands, the
   * default), or said above it (the content may be stale and a retry is worth offering).
   */
  failedWithContent?: 'hidden' | 'above';
  /** The failure card's role, where it must be announced at once. */
  failedRole?: 'alert';
  /** Said, calmly, once loaded when there is nothing. */
  emptyText?: ReactNode;
  /** The content, rendered while not empty. */
  children?: ReactNode;
}

/**
 * The loading, failed and empty states every list view shares, with the same words and
 * roles everywhere: a status line while loading, a card with Try again when it failed,
 * a quiet line when there is nothing, else the content.
 */
export function LoadState({
  status,
  empty,
  loading,
  failed,
  retry,
  retryVariant = 'primary',
  failedWithContent = 'hidden',
  failedRole,
  emptyText,
  children,
}: LoadStateProps) {
  if (status === 'loading' && empty) return <Status role="status">{loading}</Status>;
  const problem =
    status === 'failed' && (empty || failedWithContent === 'above') ? (
      <Card role={failedRole}>
        <p>{failed}</p>
        {retry && (
          <Button $variant={retryVariant} onClick={retry}>
            {words(SHELL).tryAgain}
          </Button>
        )}
      </Card>
    ) : null;
  if (empty) return problem ?? (emptyText ? <Status>{emptyText}</Status> : null);
  return (
    <>
      {problem}
      {children}
    </>
  );
}
