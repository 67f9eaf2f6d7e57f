import { lazy, Suspense } from 'react';
import { currentUserView } from '../machines/app.machine';
import { AppActor } from './appContext';
import { ErrorBanner } from './components/ErrorBanner';
import { Toasts } from './components/Toasts';
import { TopBar } from './components/TopBar';
import { Status } from './components/ui';
import { CreateEventView } from './views/CreateEventView';
import { EventsView } from './views/EventsView';
import { EventView } from './views/EventView';
import { LoginView } from './views/LoginView';
import { PlaceholderView } from './views/PlaceholderView';
import { PrivacySettingsView } from './views/PrivacySettingsView';
import { ProfileView } from './views/ProfileView';
import { UserSearchView } from './views/UserSearchView';
import { ChatView } from './views/ChatView';
import { GroupChatView } from './views/GroupChatView';
import { AttendeesView } from './views/AttendeesView';
import { ConnectionRequestsView } from './views/ConnectionRequestsView';
import { MutualConnectionsView } from './views/MutualConnectionsView';
import { NotificationsView } from './views/NotificationsView';
import { ContactExchangeView } from './views/ContactExchangeView';
import { PhotoGalleryView } from './views/PhotoGalleryView';
import { AnalyticsView } from './views/AnalyticsView';
import { PlanChooser } from './components/PlanChooser';

/** Views opened from inside an event: their way back is to the event. */
const EVENT_SUB_VIEWS = new Set(['chat', 'group-chat', 'contact-exchange', 'analytics', 'photo-gallery', 'attendees', 'connection-requests']);

/** Picks the view from the root snapshot; nothing else. */
export function App() {
  const screen = AppActor.useSelector((s) => {
    if (s.matches('start') || s.matches('checkingGate')) return 'starting';
    if (s.matches({ signedOut: 'login' })) return 'login';
    if (s.matches({ signedOut: 'admin-login' }) || s.matches('admin')) return 'admin';
    return currentUserView(s) ?? 'starting';
  });
  return (
    <>
      <TopBar />
      <ErrorBanner />
      <Screen screen={screen} />
      <PlanChooser />
      <Toasts />
    </>
  );
}

// Admin views live in their own chunk: attendees never download them.
const AdminArea = lazy(() => import('./admin/AdminArea'));

function Screen({ screen }: { screen: string }) {
  switch (screen) {
    case 'admin':
      return (
        <Suspense fallback={<Status>Loading…</Status>}>
          <AdminArea />
        </Suspense>
      );
    case 'starting':
      return <Status>Loading…</Status>;
    case 'login':
      return <LoginView />;
    case 'events':
      return <EventsView />;
    case 'event':
      return <EventView />;
    case 'create-event':
      return <CreateEventView />;
    case 'privacy-settings':
      return <PrivacySettingsView />;
    case 'user-search':
      return <UserSearchView />;
    case 'profile':
      return <ProfileView />;
    case 'chat':
      return <ChatView />;
    case 'group-chat':
      return <GroupChatView />;
    case 'attendees':
      return <AttendeesView />;
    case 'connection-requests':
      return <ConnectionRequestsView />;
    case 'mutual-connections':
      return <MutualConnectionsView />;
    case 'notifications':
      return <NotificationsView />;
    case 'contact-exchange':
      return <ContactExchangeView />;
    case 'photo-gallery':
      return <PhotoGalleryView />;
    case 'analytics':
      return <AnalyticsView />;
    default:
      return <PlaceholderView title={screen.replace(/-/g, ' ')} fromEvent={EVENT_SUB_VIEWS.has(screen)} />;
  }
}
