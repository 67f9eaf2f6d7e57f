import { PlaceholderView } from './PlaceholderView';

/** Placeholder until its issue's engineer builds it. */
export function GroupChatView() {
  return <PlaceholderView title="group chat" fromEvent={true} />;
}
