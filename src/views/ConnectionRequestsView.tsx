import { PlaceholderView } from './PlaceholderView';

/** Placeholder until its issue's engineer builds it. */
export function ConnectionRequestsView() {
  return <PlaceholderView title="connection requests" fromEvent={true} />;
}
