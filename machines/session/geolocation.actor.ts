/**
 * Watches the browser's position for the location poller. Asking is the browser's
 * business: if the person says no, or there is no position, nothing is ever sent.
 */
import { fromCallback } from 'xstate';
import { LOCATION_INTERVAL_MS } from '../../contract/constants';

export type PositionEvent =
  | { type: 'position.changed'; latitude: number; longitude: number }
  | { type: 'position.unavailable'; reason: string };

export const geolocationActor = fromCallback<{ type: never }>(({ sendBack }) => {
  const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  if (!geo) {
    sendBack({ type: 'position.unavailable', reason: 'no geolocation in this browser' } satisfies PositionEvent);
    return () => {};
  }
  const id = geo.watchPosition(
    (p) => sendBack({ type: 'position.changed', latitude: p.coords.latitude, longitude: p.coords.longitude } satisfies PositionEvent),
    (e) => sendBack({ type: 'position.unavailable', reason: e.message } satisfies PositionEvent),
    // A position as old as one interval is still good enough for a zone check.
    { enableHighAccuracy: true, maximumAge: LOCATION_INTERVAL_MS, timeout: 30_000 },
  );
  return () => geo.clearWatch(id);
});
