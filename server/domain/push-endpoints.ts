/**
 * Which push endpoints the server will ever send to (issue 41): a subscription names an
 * address the server then requests, so an address a user chose must never reach anything
 * but a push service (no server-side request forgery through a subscription). Checked
 * before a subscription is kept; nothing is requested to check it.
 */

/**
 * The browser push services, matched by exact host or a suffix at a dot: Google (Chrome,
 * Edge on Android, Samsung), Mozilla (Firefox), Apple (Safari), Microsoft (Edge on Windows).
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

const onPushService = (host: string): boolean => PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));

/**
 * Why an endpoint is refused, or null when it may be kept: https on a browser push service
 * (its default port, no credentials in the address), or an exact origin of `allowed`
 * (http allowed there: tests and self-hosted push on a private network).
 */
export function pushEndpointRefusal(endpoint: string, allowed: readonly string[]): 'not_a_url' | 'not_a_push_service' | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not_a_url';
  }
  if (url.username || url.password) return 'not_a_push_service';
  if (allowed.includes(url.origin)) return null;
  // The URL parser lowercases the host and drops a default port: "https://x:443" has port "".
  if (url.protocol !== 'https:' || url.port !== '') return 'not_a_push_service';
  return onPushService(url.hostname) ? null : 'not_a_push_service';
}
