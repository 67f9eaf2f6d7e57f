import { PlaceholderView } from './PlaceholderView';

/** Placeholder until its issue's engineer builds it. */
export function ContactExchangeView() {
  return <PlaceholderView title="contact exchange" fromEvent={true} />;
}
