/**
 * argon2id at OWASP's parameters (19 MiB, 2 passes, 1 lane), under a concurrency cap:
 * a hash keeps a core busy for tens of milliseconds, and on two cores a burst of logins
 * (for unknown names, which cost a hash too) would otherwise starve every other call.
 * One runs at a time and a few wait; beyond that the answer is a quick 503.
 */
import { hash, verify } from '@node-rs/argon2';
import { HttpError } from '../core/errors';
import { WorkSlots } from './work-slots';
import type { Said } from '../../contract/said';

// Algorithm.Argon2id; the enum is const and cannot be imported under isolatedModules.
const ARGON2ID = 2;

const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const HASHING_BUSY: Said = /*i18n*/ { id: 'error.hashingBusy', message: 'Wallflower is busy signing people in right now. Please try again in a moment.' };

/** One hash at a time leaves the other core to answer everything else; 32 wait (about a second). */
export const hashingSlots = new WorkSlots(1, 32, () => new HttpError(503, HASHING_BUSY, { 'retry-after': '2' }));

export const hashPassword = (password: string): Promise<string> => hashingSlots.run(() => hash(password, options));

// Verifying against this when no account matches keeps the answer time the same, so
// timing does not tell which usernames exist.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('not-a-real-password', options);
    const dummy = await dummyHash;
    await hashingSlots.run(() => verify(dummy, password).catch(() => false));
    return false;
  }
  return hashingSlots.run(() => verify(storedHash, password).catch(() => false));
}
