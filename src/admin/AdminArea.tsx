import { currentAdminView, type AdminActorRef, type AdminNavView } from '../../machines/admin/admin.machine';
import { AppActor } from '../appContext';
import { Status } from '../components/ui';
import { words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { AdminActor } from './adminContext';
import { AdminAnalyticsView } from './AdminAnalyticsView';
import { AdminDashboardView } from './AdminDashboardView';
import { AdminEventsView } from './AdminEventsView';
import { AdminLoginView } from './AdminLoginView';
import { AdminNav } from './AdminNav';
import { AdminReportsView } from './AdminReportsView';
import { AdminSettingsView } from './AdminSettingsView';
import { AdminUsersView } from './AdminUsersView';

/**
 * The admin panel's entry, loaded lazily so attendees never download it. The admin
 * chart is the root chart's child (spawned once its code has loaded); this shows it.
 */
export default function AdminArea() {
  const admin = AppActor.useSelector((s) => s.children.admin as AdminActorRef | undefined);
  if (!admin) return <Status>{words(SHELL).loading}</Status>;
  return (
    <AdminActor.Provider value={admin}>
      <AdminScreens />
    </AdminActor.Provider>
  );
}

/** The views with tables and charts use the width of a large screen; the navigation bar lines up with them. */
const WIDE_VIEWS: ReadonlySet<AdminNavView> = new Set(['admin-users', 'admin-events', 'admin-reports', 'admin-analytics']);

function AdminScreens() {
  const view = AdminActor.useSelector(currentAdminView);
  if (view === 'admin-login') return <AdminLoginView />;
  if (view === null) return <Status>{words(SHELL).loading}</Status>;
  return (
    <>
      <AdminNav current={view} wide={WIDE_VIEWS.has(view)} />
      {view === 'admin-dashboard' && <AdminDashboardView />}
      {view === 'admin-users' && <AdminUsersView />}
      {view === 'admin-events' && <AdminEventsView />}
      {view === 'admin-reports' && <AdminReportsView />}
      {view === 'admin-analytics' && <AdminAnalyticsView />}
      {view === 'admin-settings' && <AdminSettingsView />}
    </>
  );
}
