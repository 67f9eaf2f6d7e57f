import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { AdminReport } from '../../contract/admin-reports';
import {
  reportEntryDomId,
  selectReportsStatus,
  selectedRow,
  type AdminReportsActorRef,
  type ReportRow,
} from '../../machines/admin/admin-reports.machine';
import { pageSpan } from '../../machines/admin/admin-pages';
import { LoadState } from '../components/LoadState';
import { Button, Muted, PlainList, Status } from '../components/ui';
import { AdminActor } from './adminContext';
import { Badge, ListHead, Note, Pager, WidePage } from './AdminTable';
import { formatDateTime } from './format';
import { ReportDetail } from './ReportDetail';
import { words } from '../i18n/i18n';
import { ADMIN } from '../i18n/en/admin';
import { ADMIN_REPORTS } from '../i18n/en/admin-reports';

const personOf = (r: AdminReport): string => `${r.reported_user.name} (@${r.reported_user.username})`;

/** admin-reports (issue 16): the moderator queue, one report open for review beside it. */
export function AdminReportsView() {
  const screen = AdminActor.useSelector((s) => s.children.reports);
  return (
    <WidePage>
      <h1>{words(ADMIN).views['admin-reports']}</h1>
      {screen ? <Queue screen={screen} /> : <Status role="status">{words(ADMIN_REPORTS).loading}</Status>}
    </WidePage>
  );
}

function Queue({ screen }: { screen: AdminReportsActorRef }) {
  const status = useSelector(screen, selectReportsStatus);
  const shown = useSelector(screen, (s) => s.context.status);
  const paging = useSelector(screen, (s) => ({ page: s.context.page, total: s.context.total }), samePaging);
  const rows = useSelector(screen, (s) => s.context.rows);
  const selected = useSelector(screen, selectedRow);
  const loading = status === 'loading';
  const w = words(ADMIN_REPORTS);
  const list = w.lists[shown];
  const { first, last } = pageSpan(paging);
  return (
    // On a phone the open report takes the screen, unless the list failed: then the list, with
    // what failed and Try again, comes back first.
    <Layout $selected={selected !== null && status !== 'failed'}>
      <div className="list">
        <StatusChoice role="group" aria-label={w.which}>
          {(['open', 'resolved'] as const).map((value) => (
            <Button
              key={value}
              $variant={value === shown ? 'primary' : 'secondary'}
              aria-pressed={value === shown}
              onClick={() => screen.send({ type: 'reports.statusChosen', status: value })}
            >
              {w.lists[value].tab}
            </Button>
          ))}
        </StatusChoice>
        <LoadState
          status={status}
          empty={rows.length === 0}
          loading={w.loading}
          failed={w.failed}
          failedWithContent="above"
          retry={() => screen.send({ type: 'view.reloaded' })}
          retryVariant="secondary"
          emptyText={list.empty}
        >
          <ListHead text={list.showing(first, last, paging.total)} busy={loading} onRefresh={() => screen.send({ type: 'view.reloaded' })} />
          <Entries aria-label={list.label} aria-busy={loading}>
            {rows.map((row) => (
              <ReportEntry key={row.ref.id} row={row} selected={row.id === selected?.id} onSelect={() => screen.send({ type: 'report.selected', id: row.id })} />
            ))}
          </Entries>
          <Pager
            paging={paging}
            busy={loading}
            onPrevious={() => screen.send({ type: 'reports.previousPage' })}
            onNext={() => screen.send({ type: 'reports.nextPage' })}
          />
        </LoadState>
      </div>
      <div className="detail">
        {selected ? (
          <ReportDetail row={selected} onClose={() => screen.send({ type: 'report.closed' })} />
        ) : (
          rows.length > 0 && <Muted>{w.choose}</Muted>
        )}
      </div>
    </Layout>
  );
}

const samePaging = (a: { page: number; total: number }, b: { page: number; total: number }) => a.page === b.page && a.total === b.total;

/** A report in the list: why, what, about whom, by whom and when. */
function ReportEntry({ row, selected, onSelect }: { row: ReportRow; selected: boolean; onSelect: () => void }) {
  const report = useSelector(row.ref, (s) => s.context.report);
  const w = words(ADMIN_REPORTS);
  return (
    <li>
      <Entry id={reportEntryDomId(report.id)} type="button" aria-current={selected ? 'true' : undefined} $selected={selected} onClick={onSelect}>
        <strong>
          {w.reasons[report.reason]} · {w.targets[report.target_type]}
        </strong>
        <span>{w.about(personOf(report))}</span>
        <Note>
          {w.by(report.reporter.name, report.other_reporters.length)} · {formatDateTime(report.created_at)}
        </Note>
        {report.resolution ? (
          <Badge $tone="muted">{w.resolutions[report.resolution.action]}</Badge>
        ) : (
          report.reported_user.held_for_review && <Badge $tone="warning">{words(ADMIN).heldForReview}</Badge>
        )}
      </Entry>
    </li>
  );
}

/**
 * The list beside the report open for review on a wide screen; on a phone one or the
 * other, the report in the list's place with a way back.
 */
const Layout = styled.div<{ $selected: boolean }>`
  ${({ theme }) => theme.media.wide} {
    display: grid;
    grid-template-columns: minmax(0, 24rem) minmax(0, 1fr);
    gap: ${({ theme }) => theme.space(6)};
    align-items: start;
  }
  @media (max-width: 1023px) {
    > .list { display: ${({ $selected }) => ($selected ? 'none' : 'block')}; }
    > .detail { display: ${({ $selected }) => ($selected ? 'block' : 'none')}; }
  }
`;

const StatusChoice = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  > button { flex: 1; }
`;

const Entries = styled(PlainList).attrs({ as: 'ol' })`
  margin-bottom: ${({ theme }) => theme.space(4)};
  > li + li { margin-top: ${({ theme }) => theme.space(2)}; }
`;

const Entry = styled.button<{ $selected: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(1)};
  width: 100%;
  min-height: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => theme.space(3)};
  text-align: left;
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme, $selected }) => ($selected ? theme.colors.infoSurface : theme.colors.surface)};
  border: ${({ $selected }) => ($selected ? 2 : 1)}px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.large};
  box-shadow: ${({ theme }) => theme.shadow};
  cursor: pointer;
  overflow-wrap: anywhere;
  &:hover { background: ${({ theme, $selected }) => ($selected ? theme.colors.infoSurface : theme.colors.surfaceMuted)}; }
`;
