import { PlaceholderView } from './PlaceholderView';

/** Placeholder until its issue's engineer builds it. */
export function MutualConnectionsView() {
  return <PlaceholderView title="mutual connections" fromEvent={false} />;
}
