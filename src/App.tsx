import {
  Component,
  lazy,
  Suspense,
  useDeferredValue,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import styled, { keyframes } from 'styled-components';
import { useSelector } from '@xstate/react';
import { currentUserView } from '../machines/app.machine';
import { selectCodeState } from '../machines/app/chart-loader.machine';
import type { UserView } from '../machines/views';
import type { Later } from './later';
import { AppActor } from './appContext';
import { ErrorBanner } from './components/ErrorBanner';
import { TopBar } from './components/TopBar';
import { Button, Card, NAV_SPACE_ID, Page, Row, Status } from './components/ui';
import { words } from './i18n/i18n';
import { SHELL } from './i18n/en/shell';

/** 'code': the charts of what should be on screen are arriving; 'unavailable': they could not be fetched. */
type Screen = 'starting' | 'code' | 'unavailable' | 'login' | 'reset-password' | 'verify-email' | 'admin' | UserView;

/** The shell around the view: the top bar, the banners, the navigation and the sheets. */
export function App() {
  const signedIn = AppActor.useSelector((s) => s.matches('user'));
  const plansOpen = AppActor.useSelector((s) => s.context.plansOpen);
  const reportOpen = AppActor.useSelector((s) => s.context.report !== null);
  const leaving = AppActor.useSelector((s) => s.context.leaving !== null);
  const stepsOpen = AppActor.useSelector((s) => s.context.profileStepsOpen);
  return (
    <>
      <TopBar>
        {signedIn && (
          <Suspense fallback={null}>
            <Break part="button" />
          </Suspense>
        )}
      </TopBar>
      <ErrorBanner />
      {signedIn && (
        <Suspense fallback={null}>
          <Break part="banner" />
        </Suspense>
      )}
      <CurrentScreen />
      {/* The plan chooser, the report sheet and the navigation are chunks of their own too, there while they show. */}
      <Suspense fallback={null}>
        {plansOpen && <PlanChooser />}
        {reportOpen && <ReportSheet />}
        {leaving && <UnsavedDialog />}
        {stepsOpen && <ProfileSteps />}
        {signedIn && <BottomNav />}
      </Suspense>
      {/* Room under the last line of a page for the fixed bottom navigation (its height, BottomNav). */}
      {signedIn && <NavSpace id={NAV_SPACE_ID} aria-hidden="true" />}
    </>
  );
}

/** Picks the view from the root snapshot; nothing else. */
function CurrentScreen() {
  // The chunk of what should be on screen: its loader says whether it is arriving or out of reach.
  const loader = AppActor.useSelector((s) => s.children.charts);
  const code = useSelector(loader, selectCodeState);
  const current = AppActor.useSelector((s): Screen => {
    if (code === 'unavailable') return 'unavailable';
    if (s.matches('start') || s.matches('checkingGate') || s.matches('restoringSession') || s.matches('openingSession')) return 'starting';
    if (code === 'loading') return 'code';
    if (s.matches({ signedOut: 'login' })) return 'login';
    if (s.matches({ signedOut: 'reset-password' })) return 'reset-password';
    if (s.matches('verifyingEmail')) return 'verify-email';
    if (s.matches({ signedOut: 'admin-login' }) || s.matches('admin')) return 'admin';
    return currentUserView(s) ?? 'starting';
  });
  // A new view is rendered in short slices (a transition), so switching views never holds
  // the main thread for long; the old one stays until the new one is ready. Only this
  // component and the view below it take part in that render: the top bar, the banners
  // and the navigation (App) are not drawn again in it, so news they show arriving
  // meanwhile (a status, a break) cannot make React draw the whole app again at once.
  const screen = useDeferredValue(current);
  return <Screen screen={screen} />;
}

/*
 * The entry chunk holds the shell: the root chart, this file, the top bar. Every view,
 * the first screens (login, the events list) included, is its own chunk, fetched the
 * first time it opens (the service worker precaches them all, so they open offline too);
 * the charts behind them are in chunks of their own as well (machines/lazy-charts.ts).
 * Admin views live in their own chunk: attendees never download them.
 */
const BottomNav = lazy(() => import('./components/BottomNav').then((m) => ({ default: m.BottomNav })));
// Taking a break (issue 16): "Take a break" in the top bar and the banner under it, one chunk.
const Break = lazy(() => import('./components/Break'));

/**
 * A view or sheet the app does not open with: where its chunk is, the index of the later
 * ones says (later.ts), so the entry names only the first screens' chunks.
 */
const later = (part: Later) => lazy(() => import('./later').then((index) => index.LATER[part]()));
const PlanChooser = later('plans');
const ReportSheet = later('report');
const UnsavedDialog = later('unsaved');
const ProfileSteps = later('profile-steps');

/** The views whose chunks the later index names (later.ts), by the same names. */
const LATER_VIEWS = ['reset-password', 'verify-email', 'chat', 'chats', 'group-chat', 'privacy-settings', 'contact-exchange', 'create-event', 'user-search', 'notifications', 'analytics', 'photo-gallery', 'profile', 'attendees', 'connection-requests', 'mutual-connections', 'organizer', 'cards', 'shared-cards', 'connect', 'meetings'] as const;

const LAZY_VIEWS: { [V in Exclude<Screen, 'starting' | 'code' | 'unavailable'>]: LazyExoticComponent<ComponentType> } = {
  login: lazy(() => import('./views/LoginView').then((m) => ({ default: m.LoginView }))),
  events: lazy(() => import('./views/EventsView').then((m) => ({ default: m.EventsView }))),
  admin: lazy(() => import('./admin/AdminArea')),
  event: lazy(() => import('./views/EventView').then((m) => ({ default: m.EventView }))),
  ...(Object.fromEntries(LATER_VIEWS.map((v) => [v, later(v)])) as Record<(typeof LATER_VIEWS)[number], LazyExoticComponent<ComponentType>>),
};

const NavSpace = styled.div`
  height: calc(72px + env(safe-area-inset-bottom, 0px));
`;

const appear = keyframes`from { opacity: 0; } to { opacity: 1; }`;

/** Shown while a view's chunk loads: quiet, and only if it takes a moment. */
const Loading = styled(Status)`
  animation: ${appear} 0.2s ease-in 0.3s both;
`;

function Screen({ screen }: { screen: Screen }) {
  if (screen === 'starting') return <Status>{words(SHELL).loading}</Status>;
  if (screen === 'code') return <Loading>{words(SHELL).loading}</Loading>;
  if (screen === 'unavailable') return <CodeUnavailable />;
  const View = LAZY_VIEWS[screen];
  return (
    <ViewLoadBoundary key={screen}>
      <Suspense fallback={<Loading>{words(SHELL).loading}</Loading>}>
        <View />
      </Suspense>
    </ViewLoadBoundary>
  );
}

/**
 * A view whose code could not be fetched (offline before the app was ever stored, or an
 * update replaced it) says so calmly instead of leaving a blank page; reloading fetches
 * the app again.
 */
class ViewLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ViewLoadFailed /> : this.props.children;
  }
}

/**
 * The charts of what should be on screen could not be fetched (offline before the app was
 * stored): said calmly, with Try again (the root fetches them again) and, in a view, the
 * way back to the events list.
 */
function CodeUnavailable() {
  const loader = AppActor.useSelector((s) => s.children.charts);
  const inView = AppActor.useSelector((s) => currentUserView(s) !== null);
  return (
    <LoadFailed
      title={inView ? words(SHELL).viewCouldNotLoad : words(SHELL).appCouldNotLoad}
      advice={words(SHELL).checkThenTryAgain}
      retry={[words(SHELL).tryAgain, () => loader?.send({ type: 'code.retried' })]}
      backToEvents={inView}
    />
  );
}

/** A view's own code could not be fetched: a reload fetches the app again. */
function ViewLoadFailed() {
  return (
    <LoadFailed
      title={words(SHELL).viewCouldNotLoad}
      advice={words(SHELL).checkThenReload}
      retry={[words(SHELL).reload, () => window.location.reload()]}
      backToEvents
    />
  );
}

/** Code that could not be fetched, said the same calm way wherever it happens. */
function LoadFailed({ title, advice, retry, backToEvents }: { title: string; advice: string; retry: [string, () => void]; backToEvents: boolean }) {
  const app = AppActor.useActorRef();
  return (
    <Page>
      <h1>{title}</h1>
      <Card>
        <p>{advice}</p>
        <Row>
          <Button onClick={retry[1]}>{retry[0]}</Button>
          {backToEvents && (
            <Button $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'events' })}>
              {words(SHELL).backToEvents}
            </Button>
          )}
        </Row>
      </Card>
    </Page>
  );
}
