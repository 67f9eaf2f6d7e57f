/** Placeholder: the event feed (photos/feed issue) renders here. */
export function EventFeed() {
  return null;
}
