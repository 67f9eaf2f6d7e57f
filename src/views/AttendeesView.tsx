import { PlaceholderView } from './PlaceholderView';

/** Placeholder until its issue's engineer builds it. */
export function AttendeesView() {
  return <PlaceholderView title="attendees" fromEvent={true} />;
}
