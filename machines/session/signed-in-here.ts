/**
 * Whether this device has seen a sign-in: the login view welcomes a first-time visitor
 * and welcomes back someone who has signed in here before (issue 39 item 4). Kept in
 * localStorage like the appearance; sign-out keeps it (the device has still seen one).
 */
const KEY = 'wallflower.signedInHere';

/** True once someone has signed in or registered on this device; false where storage is refused. */
export function hasSignedInHere(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** Notes that someone has signed in on this device (a refused storage only means a first-time welcome again). */
export function rememberSignedInHere(): void {
  try {
    localStorage.setItem(KEY, '1');
  } catch {
    // Private modes may refuse storage; nothing else depends on it.
  }
}
