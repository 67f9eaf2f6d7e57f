import styled from 'styled-components';
import type { AdminStats } from '../../contract/admin';
import { AdminActor } from './adminContext';
import { RecentActions } from './RecentActions';
import { Button, Card, Page, Status } from '../components/ui';

const STATS: ReadonlyArray<[keyof AdminStats, string]> = [
  ['total_users', 'Total users'],
  ['active_users', 'Active users'],
  ['banned_users', 'Banned users'],
  ['new_users_today', 'New today'],
];

/** admin-dashboard: the user stats and the first five recent actions (SPEC 2). */
export function AdminDashboardView() {
  const admin = AdminActor.useActorRef();
  const phase = AdminActor.useSelector((s) =>
    s.matches({ signedIn: { 'admin-dashboard': 'failed' } })
      ? 'failed'
      : s.matches({ signedIn: { 'admin-dashboard': 'ready' } })
        ? 'ready'
        : 'loading',
  );
  const stats = AdminActor.useSelector((s) => s.context.stats);
  const recent = AdminActor.useSelector((s) => s.context.recent);
  return (
    <Page>
      <h1>Dashboard</h1>
      {phase === 'failed' && (
        <Card>
          <p>The dashboard could not be loaded.</p>
          <Button $variant="secondary" onClick={() => admin.send({ type: 'view.reloaded' })}>
            Try again
          </Button>
        </Card>
      )}
      {phase !== 'failed' && !stats && <Status>Loading…</Status>}
      {phase !== 'failed' && stats && (
        <>
          <Stats aria-label="User statistics">
            {STATS.map(([key, label]) => (
              <Stat key={key}>
                <dt>{label}</dt>
                <dd>{stats[key]}</dd>
              </Stat>
            ))}
          </Stats>
          <Card aria-labelledby="recent-activity">
            <h2 id="recent-activity">Recent activity</h2>
            <RecentActions actions={recent} empty="No admin actions yet." />
          </Card>
        </>
      )}
    </Page>
  );
}

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  @media (min-width: 640px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Stat = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  box-shadow: ${({ theme }) => theme.shadow};
  display: flex;
  flex-direction: column-reverse;
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.small}; }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.title};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    color: ${({ theme }) => theme.colors.text};
  }
`;
