import type { AdminStats } from '../../contract/admin';
import { AdminActor } from './adminContext';
import { RecentActions } from './RecentActions';
import { StatGrid } from './StatGrid';
import { Button, Card, Page, Status } from '../components/ui';

const STATS: ReadonlyArray<[keyof AdminStats, string]> = [
  ['total_users', 'Total users'],
  ['active_users', 'Active users'],
  ['banned_users', 'Banned users'],
  ['new_users_today', 'New today'],
];

/** admin-dashboard: the user stats, the reports waiting (issue 16) and the first five recent actions (SPEC 2). */
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
          <StatGrid
            label="User statistics"
            items={[
              ...STATS.map(([key, label]) => ({ label, value: stats[key] })),
              {
                label: 'Open reports',
                value: stats.open_reports,
                action: (
                  <Button $variant="link" onClick={() => admin.send({ type: 'nav.opened', view: 'admin-reports' })}>
                    {stats.open_reports > 0 ? 'Review reports' : 'See reports'}
                  </Button>
                ),
              },
            ]}
          />
          <Card aria-labelledby="recent-activity">
            <h2 id="recent-activity">Recent activity</h2>
            <RecentActions actions={recent} empty="No admin actions yet." />
          </Card>
        </>
      )}
    </Page>
  );
}
