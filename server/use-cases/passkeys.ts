/**
 * Passkeys (issue 41): a person adds one from their profile, after giving their current
 * password, and signs in with it from the login view, with no name or password to type
 * (a discoverable credential: the authenticator says whose it is). Challenges are kept
 * briefly and answer once; the relying party is PUBLIC_URL's host. A passkey signs in on
 * the same terms as a password: a ban still refuses, a deactivated account comes back.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import { PASSKEY_SIGN_IN_FAILED, type AuthenticationResponseSchema, type Passkey, type PasskeyOptions, type PasskeyRegisterBodySchema } from '../../contract/passkeys';
import type { Said } from '../../contract/said';
import { publicOrigin } from '../config';
import { badRequest, conflict, notFound, unauthorized } from '../core/errors';
import {
  type ChallengePurpose,
  type PasskeyRow,
  deletePasskey,
  findPasskeyByCredential,
  insertPasskey,
  keepChallenge,
  listPasskeys,
  takeChallenge,
  recordPasskeyUse,
} from '../db/repositories/passkeys';
import { findUserById } from '../db/repositories/users';
import { signIn } from './account';
import { tellPasskeyAdded } from './email-links';
import type { ClientId, Ctx } from './context';
import { passwordMatches } from './password-check';

/** How long a challenge holds: as long as the browser is asked to wait for the authenticator. */
export const PASSKEY_CHALLENGE_MS = 5 * 60_000;
/** Enough for a phone, a laptop and a few security keys. */
export const PASSKEYS_MAX = 10;

export const PASSKEY_WORDS = {
  passwordWrong: /*i18n*/ { id: 'error.passkey.passwordWrong', message: 'password: the password is not correct' },
  tooMany: /*i18n*/ { id: 'error.passkey.tooMany', message: 'You can keep up to 10 passkeys. Remove one to add another.' },
  expired: /*i18n*/ { id: 'error.passkey.expired', message: 'That took too long. Please try again.' },
  notAdded: /*i18n*/ { id: 'error.passkey.notAdded', message: 'That passkey could not be added. Please try again.' },
  taken: /*i18n*/ { id: 'error.passkey.taken', message: 'That passkey is already added.' },
  signInFailed: PASSKEY_SIGN_IN_FAILED,
  notFound: /*i18n*/ { id: 'error.passkey.notFound', message: 'Passkey not found' },
} satisfies Record<string, Said>;

/** The relying party: PUBLIC_URL's origin, and its host name as the id passkeys are bound to. */
function relyingParty(ctx: Ctx) {
  const url = new URL(publicOrigin(ctx.config));
  return { id: url.hostname, origin: url.origin, name: 'Wallflower' };
}

/** A user's handle for their authenticators: their id's 16 bytes (nothing else about them). */
const userHandle = (userId: string) => Buffer.from(userId.replaceAll('-', ''), 'hex');

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** The challenge a response answers, read from its client data (untrusted until verified). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 128 ? challenge : null;
  } catch {
    return null;
  }
}

async function keep(ctx: Ctx, challenge: string, purpose: ChallengePurpose, userId: string | null) {
  const now = ctx.clock();
  await keepChallenge(ctx.db, { challenge, purpose, userId, expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_MS) }, now);
}

/** Options to create a passkey, once the current password is given (as a password change asks it). */
export async function passkeyRegistrationOptions(ctx: Ctx, meId: string, password: string, client: ClientId): Promise<PasskeyOptions> {
  const me = await findUserById(ctx.db, meId);
  if (!me) throw notFound(/*i18n*/ { id: 'error.userNotFound', message: 'User not found' });
  if (!(await passwordMatches(ctx, { scope: 'change', account: me.id, client }, me.passwordHash, password))) throw badRequest(PASSKEY_WORDS.passwordWrong);
  const existing = await listPasskeys(ctx.db, me.id);
  if (existing.length >= PASSKEYS_MAX) throw badRequest(PASSKEY_WORDS.tooMany);
  const rp = relyingParty(ctx);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: me.username,
    userDisplayName: me.name,
    userID: userHandle(me.id),
    timeout: PASSKEY_CHALLENGE_MS,
    attestationType: 'none',
    // EdDSA, ES256, RS256, named so the library need not probe the runtime for newer ones.
    supportedAlgorithmIDs: [-8, -7, -257],
    excludeCredentials: existing.map((k) => ({ id: k.credentialId, transports: k.transports })),
    // Discoverable, so signing in needs no name: the authenticator says whose it is.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keep(ctx, options.challenge, 'register', me.id);
  return { ...options };
}

export async function addPasskey(ctx: Ctx, meId: string, body: z.output<typeof PasskeyRegisterBodySchema>): Promise<Passkey> {
  const challenge = challengeOf(body.response.response.clientDataJSON);
  if (!challenge || !(await takeChallenge(ctx.db, challenge, 'register', meId, ctx.clock()))) throw badRequest(PASSKEY_WORDS.expired);
  const rp = relyingParty(ctx);
  const verified = await verifyRegistrationResponse({
    response: body.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) throw badRequest(PASSKEY_WORDS.notAdded);
  const { credential } = verified.registrationInfo;
  if ((await listPasskeys(ctx.db, meId)).length >= PASSKEYS_MAX) throw badRequest(PASSKEY_WORDS.tooMany);
  const row = await insertPasskey(ctx.db, {
    userId: meId,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
    name: body.name,
    createdAt: ctx.clock(),
  });
  if (!row) throw conflict(PASSKEY_WORDS.taken);
  tellPasskeyAdded(ctx, meId, row.name, row.createdAt);
  return toPasskey(row);
}

export async function myPasskeys(ctx: Ctx, meId: string): Promise<Passkey[]> {
  return (await listPasskeys(ctx.db, meId)).map(toPasskey);
}

export async function removePasskey(ctx: Ctx, meId: string, id: string): Promise<void> {
  if (!(await deletePasskey(ctx.db, meId, id))) throw notFound(PASSKEY_WORDS.notFound);
}

/** Options to sign in with any passkey of this site: no one is named before it answers. */
export async function passkeyLoginOptions(ctx: Ctx): Promise<PasskeyOptions> {
  const rp = relyingParty(ctx);
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred', timeout: PASSKEY_CHALLENGE_MS });
  await keep(ctx, options.challenge, 'login', null);
  return { ...options };
}

/**
 * Signs in with a passkey's answer. Every failure is the same 401, whether the challenge,
 * the passkey or the signature was wrong; failures count against the passkey's owner from
 * this client as wrong passwords do (plugins/rate-limits.ts).
 */
export async function passkeyLogin(ctx: Ctx, response: z.output<typeof AuthenticationResponseSchema>, client: ClientId) {
  const challenge = challengeOf(response.response.clientDataJSON);
  const fresh = !!challenge && (await takeChallenge(ctx.db, challenge, 'login', null, ctx.clock()));
  const key = fresh ? await findPasskeyByCredential(ctx.db, response.id) : null;
  if (!challenge || !key) throw unauthorized(PASSKEY_WORDS.signInFailed);
  await ctx.limits.beforePasswordCheck('login', key.userId, client);
  const rp = relyingParty(ctx);
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: { id: key.credentialId, publicKey: Buffer.from(key.publicKey, 'base64url'), counter: key.counter, transports: key.transports },
    requireUserVerification: false,
  }).catch(() => null);
  const sameUser = !response.response.userHandle || Buffer.from(response.response.userHandle, 'base64url').equals(userHandle(key.userId));
  const ok =
    !!verified?.verified && sameUser && (await recordPasskeyUse(ctx.db, key.id, verified.authenticationInfo.newCounter, ctx.clock()));
  if (!ok) {
    await ctx.limits.passwordFailed('login', key.userId, client);
    throw unauthorized(PASSKEY_WORDS.signInFailed);
  }
  await ctx.limits.passwordSucceeded('login', key.userId, client);
  const row = await findUserById(ctx.db, key.userId);
  if (!row) throw unauthorized(PASSKEY_WORDS.signInFailed);
  return signIn(ctx, row);
}
