import { currentAdminView, type AdminActorRef } from '../../machines/admin.machine';
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
 * The admin panel's entry, loaded lazily so attendees never download it. The admin
 * chart is the root chart's child (spawned once its code has loaded); this shows it.
 */
export default function AdminArea() {
  const admin = AppActor.useSelector((s) => s.children.admin as AdminActorRef | undefined);
  if (!admin) return <Status>Loading…</Status>;
  return (
    <AdminActor.Provider value={admin}>
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
