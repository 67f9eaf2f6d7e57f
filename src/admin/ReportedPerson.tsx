/** The reported person in a report under review: who they are, their account's state, and their earlier reports, warnings and bans. */
import styled from 'styled-components';
import type { AdminAction } from '../../contract/admin';
import type { AdminReport, ResolveAction } from '../../contract/admin-reports';
import { Avatar, Interests } from '../components/people';
import { Muted, PlainList, Row } from '../components/ui';
import { accountStatus, Badge, Note } from './AdminTable';
import { formatDate } from './format';
import { RecentActions } from './RecentActions';
import { words } from '../i18n/i18n';
import { ADMIN } from '../i18n/en/admin';
import { ADMIN_REPORTS } from '../i18n/en/admin-reports';

export function Person({ report }: { report: AdminReport }) {
  const p = report.reported_user;
  const held = words(ADMIN).heldForReview;
  return (
    <PersonRow>
      <Avatar name={p.name} photo={p.photo_data} size={64} decorative />
      <div>
        <p>
          <strong>{p.name}</strong> (@{p.username}){p.age !== null && `, ${p.age}`}
          {p.occupation && ` · ${p.occupation}`}
        </p>
        <Note>
          {p.email} · {words(ADMIN_REPORTS).joined(formatDate(p.created_at))}
        </Note>
        <Row>
          <Badge $tone={p.is_banned ? 'warning' : 'ok'}>{accountStatus(p)}</Badge>
          {p.held_for_review && <Badge $tone="warning">{held}</Badge>}
        </Row>
        {p.held_for_review && <Note>{words(ADMIN_REPORTS).heldNote}</Note>}
        <Interests interests={p.interests} />
      </div>
    </PersonRow>
  );
}

export function History({ report }: { report: AdminReport }) {
  const h = report.history;
  const actions: AdminAction[] = [...h.warnings, ...h.bans].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  const w = words(ADMIN_REPORTS);
  if (h.earlier_reports.length === 0 && actions.length === 0) return <Muted>{w.noHistory}</Muted>;
  return (
    <>
      <h4>{w.earlier}</h4>
      {h.earlier_reports.length === 0 ? (
        <Muted>{w.none}</Muted>
      ) : (
        <Lines>
          {h.earlier_reports.map((r) => (
            <li key={r.id}>
              {w.reasons[r.reason]} · {w.targets[r.target_type]} · {formatDate(r.created_at)} ·{' '}
              {r.status === 'open' ? w.open : r.resolution_action ? w.resolutions[r.resolution_action as ResolveAction] ?? r.resolution_action : w.resolved}
            </li>
          ))}
        </Lines>
      )}
      <h4>{w.warningsAndBans}</h4>
      <RecentActions actions={actions} empty={w.none} />
    </>
  );
}

export const Lines = styled(PlainList)`
  li { padding: ${({ theme }) => theme.space(1)} 0; overflow-wrap: anywhere; }
`;

const PersonRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  p { margin: 0; }
  > div { display: flex; flex-direction: column; gap: ${({ theme }) => theme.space(1)}; min-width: 0; }
`;
