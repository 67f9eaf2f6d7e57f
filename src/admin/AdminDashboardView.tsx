import type { AdminStats } from '../../contract/admin';
import { AdminActor } from './adminContext';
import { RecentActions } from './RecentActions';
import { StatGrid } from './StatGrid';
import { Button, Card, Page, Status } from '../components/ui';
import { words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { ADMIN, ADMIN_DASHBOARD } from '../i18n/en/admin';

const STATS: ReadonlyArray<[keyof AdminStats, keyof ReturnType<typeof ADMIN_DASHBOARD>]> = [
  ['total_users', 'totalUsers'],
  ['active_users', 'activeUsers'],
  ['banned_users', 'bannedUsers'],
  ['new_users_today', 'newToday'],
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
  const w = words(ADMIN_DASHBOARD);
  return (
    <Page>
      <h1>{words(ADMIN).views['admin-dashboard']}</h1>
      {phase === 'failed' && (
        <Card>
          <p>{w.failed}</p>
          <Button $variant="secondary" onClick={() => admin.send({ type: 'view.reloaded' })}>
            {words(SHELL).tryAgain}
          </Button>
        </Card>
      )}
      {phase !== 'failed' && !stats && <Status>{words(SHELL).loading}</Status>}
      {phase !== 'failed' && stats && (
        <>
          <StatGrid
            label={w.stats}
            items={[
              ...STATS.map(([key, label]) => ({ label: w[label], value: stats[key] })),
              {
                label: w.openReports,
                value: stats.open_reports,
                action: (
                  <Button $variant="link" onClick={() => admin.send({ type: 'nav.opened', view: 'admin-reports' })}>
                    {stats.open_reports > 0 ? w.reviewReports : w.seeReports}
                  </Button>
                ),
              },
            ]}
          />
          <Card aria-labelledby="recent-activity">
            <h2 id="recent-activity">{w.recent}</h2>
            <RecentActions actions={recent} empty={w.noActions} />
          </Card>
        </>
      )}
    </Page>
  );
}
