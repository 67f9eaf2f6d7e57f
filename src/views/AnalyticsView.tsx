import { PlaceholderView } from './PlaceholderView';

/** Placeholder until its issue's engineer builds it. */
export function AnalyticsView() {
  return <PlaceholderView title="analytics" fromEvent={true} />;
}
