import { PlaceholderView } from './PlaceholderView';

/** Placeholder until its issue's engineer builds it. */
export function NotificationsView() {
  return <PlaceholderView title="notifications" fromEvent={false} />;
}
