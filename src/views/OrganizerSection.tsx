/** What every organizer section shares: its card and heading, its list's loading and failure, and its list rows. */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { OrganizerActorRef, SectionStatus } from '../../machines/organizer/organizer.machine';
import { LoadState } from '../components/LoadState';
import { Card, Muted } from '../components/ui';
import { words } from '../i18n/i18n';
import { ORGANIZER } from '../i18n/en/organizer';

export type Props = { organizer: OrganizerActorRef };

/** A section of the page: its heading names the region. */
export function Section({ title, id, children, danger = false }: { title: string; id: string; children: ReactNode; danger?: boolean }) {
  return (
    <SectionCard aria-labelledby={`${id}-title`} $danger={danger}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </SectionCard>
  );
}

/** Loading and failure of a section's list, with Try again (LoadState's words and roles). */
export function SectionLoad({
  status,
  what,
  retry,
  empty,
  emptyText,
  children,
}: {
  status: SectionStatus;
  what: keyof ReturnType<typeof ORGANIZER>['what'];
  retry: () => void;
  empty: boolean;
  emptyText?: ReactNode;
  children?: ReactNode;
}) {
  const w = words(ORGANIZER);
  return (
    <LoadState
      status={status}
      empty={empty || status !== 'ready'}
      loading={w.loading(w.what[what])}
      failed={w.failed(w.what[what])}
      retry={retry}
      retryVariant="secondary"
      emptyText={status === 'ready' ? emptyText : undefined}
    >
      {children}
    </LoadState>
  );
}

const SectionCard = styled(Card)<{ $danger: boolean }>`
  border-color: ${({ theme, $danger }) => ($danger ? theme.colors.danger : theme.colors.border)};
  h2 { margin-top: 0; }
  h3 { font-size: ${({ theme }) => theme.font.size.body}; margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)}; }
`;

export const Item = styled.li<{ $stacked?: boolean }>`
  display: flex;
  flex-direction: ${({ $stacked }) => ($stacked ? 'column' : 'row')};
  justify-content: space-between;
  align-items: ${({ $stacked }) => ($stacked ? 'flex-start' : 'center')};
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow-wrap: anywhere;
  ${Muted} { margin: 0; }
  &:last-child { border-bottom: none; }
`;

export const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
