import { PlaceholderView } from './PlaceholderView';

/** Placeholder until its issue's engineer builds it. */
export function ChatView() {
  return <PlaceholderView title="chat" fromEvent={true} />;
}
