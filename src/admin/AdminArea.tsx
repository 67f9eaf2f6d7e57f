import { selectAdmin } from '../../machines/app.machine';
import { adminMachine, currentAdminView, type RootReport } from '../../machines/admin.machine';
import { AppActor } from '../appContext';
import { Status } from '../components/ui';
import { AdminActor } from './adminContext';
import { AdminDashboardView } from './AdminDashboardView';
import { AdminLoginView } from './AdminLoginView';
import { AdminNav } from './AdminNav';
import { AdminPlaceholderView } from './AdminPlaceholderView';
import { AdminSettingsView } from './AdminSettingsView';
import { AdminUsersView } from './AdminUsersView';

/**
 * The admin panel's entry, loaded lazily so attendees never download it. It stays
 * mounted from admin-login through the signed-in views, so its chart lives as long.
 */
export default function AdminArea() {
  const root = AppActor.useActorRef();
  // Only read when the chart starts: it opens signed in if the root already holds an admin.
  const admin = AppActor.useSelector(selectAdmin);
  const logic = adminMachine.provide({
    // Delivered just after the admin chart's step: a custom action must not drive another
    // chart synchronously (the root would spawn its toast inside this action).
    actions: { tellRoot: (_, report: RootReport) => queueMicrotask(() => root.send(report)) },
  });
  return (
    <AdminActor.Provider logic={logic} options={{ input: { admin } }}>
      <AdminScreens />
    </AdminActor.Provider>
  );
}

function AdminScreens() {
  const view = AdminActor.useSelector(currentAdminView);
  if (view === 'admin-login') return <AdminLoginView />;
  if (view === null) return <Status>Loading…</Status>;
  return (
    <>
      <AdminNav current={view} wide={view === 'admin-users'} />
      {view === 'admin-dashboard' && <AdminDashboardView />}
      {view === 'admin-users' && <AdminUsersView />}
      {view === 'admin-events' && <AdminPlaceholderView title="Events" />}
      {view === 'admin-reports' && <AdminPlaceholderView title="Reports" />}
      {view === 'admin-analytics' && <AdminPlaceholderView title="Analytics" />}
      {view === 'admin-settings' && <AdminSettingsView />}
    </>
  );
}
