/**
 * The device's position asked once, as precisely as it can, for an organizer placing a
 * zone where they stand (issue 17). Apart from geolocation.actor.ts (the poller's watch,
 * in the signed-in app's chunk) so the zone editor's chunk carries it alone. Asking is
 * the browser's business: a "no" is an answer like any other.
 */
import { fromPromise } from 'xstate';

/** Where the device is, once, and how sure it is (the radius, in metres, it is likely within). */
export interface PositionFix {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/** Why no position came: the person said no, the device has none, or it took too long. */
export type PositionFailure = 'denied' | 'unavailable' | 'timeout';

/** A failed one-off position, as the chart that asked reads it. */
export class PositionError extends Error {
  constructor(readonly reason: PositionFailure) {
    super(`no position: ${reason}`);
  }
}

/** How long the device may take to find itself once; a phone indoors can take a while. */
export const POSITION_TIMEOUT_MS = 20_000;

/** Asks once, as precisely as the device can: a fresh fix, never one remembered from earlier. */
export const currentPositionActor = fromPromise<PositionFix>(
  () =>
    new Promise((resolve, reject) => {
      const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
      if (!geo) return reject(new PositionError('unavailable'));
      geo.getCurrentPosition(
        (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy }),
        // GeolocationPositionError's codes: 1 permission denied, 2 position unavailable, 3 timeout.
        (e) => reject(new PositionError(e.code === 1 ? 'denied' : e.code === 3 ? 'timeout' : 'unavailable')),
        { enableHighAccuracy: true, maximumAge: 0, timeout: POSITION_TIMEOUT_MS },
      );
    }),
);

/** Why a one-off position failed, from the error it failed with. */
export const positionFailureOf = (error: unknown): PositionFailure => (error instanceof PositionError ? error.reason : 'unavailable');
