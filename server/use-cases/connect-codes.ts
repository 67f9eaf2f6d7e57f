/**
 * QR connect (issue 19). A person shows a code that lasts CONNECT_CODE_TTL_MS and works
 * once: a QR image of `<nonce>.<HMAC-SHA256 of the nonce>` and a short code to type.
 * Whoever scans (or types) it is connected with its owner at once, as accepting a
 * request would connect them (requests between them settled, both told live): showing
 * your code is your consent. A code of someone blocked either way does nothing and tells
 * nobody; the scanner hears only that it can't be used.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CONNECT_CODE_TTL_MS,
  CONNECT_WORDS,
  SHORT_CODE_ALPHABET,
  SHORT_CODE_LENGTH,
  type ConnectCode,
} from '../../contract/connect';
import type { Connection } from '../../contract/social';
import { connectionView } from '../presenters/connections';
import {
  type ConnectTokenRow,
  claimConnectToken,
  ensureConnectSecret,
  findConnectToken,
  insertConnectToken,
  pruneConnectTokens,
  sharedEventNow,
} from '../db/repositories/connect-tokens';
import { reachableUser } from '../db/repositories/relations';
import type { UserRow } from '../db/repositories/users';
import type { Db } from '../db/client';
import { HttpError, badRequest, conflict, notFound } from '../core/errors';
import { connectPair } from './connections';
import type { Ctx } from './context';

/** Codes are kept this long after they expire, so a late scan hears "expired" or "used" rather than "unknown". */
const KEEP_ENDED_MS = 60 * 60_000;

// The secret is read once per database (each instance reads the one kept in app_settings).
const secrets = new WeakMap<Db, Promise<string>>();
function secretOf(db: Db): Promise<string> {
  let s = secrets.get(db);
  if (!s) {
    s = ensureConnectSecret(db);
    s.catch(() => secrets.delete(db));
    secrets.set(db, s);
  }
  return s;
}

const sign = (secret: string, nonce: string): string => createHmac('sha256', secret).update(nonce).digest('base64url');

/** The nonce of a token whose signature holds; null when it was not signed here. */
export function verifiedNonce(secret: string, token: string): string | null {
  const [nonce = '', signature = ''] = token.split('.');
  const expected = Buffer.from(sign(secret, nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

/** Six letters from the unambiguous alphabet (32 of them, so a byte's low five bits pick one evenly). */
function drawShortCode(): string {
  return [...randomBytes(SHORT_CODE_LENGTH)].map((b) => SHORT_CODE_ALPHABET[b & 31]).join('');
}

/** GET /connect/code: a fresh code for me; my unused ended ones go. */
export async function newConnectCode(ctx: Ctx, me: UserRow): Promise<ConnectCode> {
  const now = ctx.clock();
  const secret = await secretOf(ctx.db);
  await pruneConnectTokens(ctx.db, me.id, now, KEEP_ENDED_MS);
  const expiresAt = new Date(now.getTime() + CONNECT_CODE_TTL_MS);
  const nonce = randomBytes(16).toString('base64url');
  // A short code still held by another code (live, or ended within the hour) is drawn again.
  for (let attempt = 0; attempt < 8; attempt++) {
    const shortCode = drawShortCode();
    if (await insertConnectToken(ctx.db, { nonce, userId: me.id, shortCode, expiresAt, at: now })) {
      return { token: `${nonce}.${sign(secret, nonce)}`, short_code: shortCode, expires_at: expiresAt.toISOString() };
    }
  }
  throw new HttpError(503, /*i18n*/ { id: 'error.connect.codeUnavailable', message: 'We could not make a code just now. Please try again.' });
}

/** Why a code found cannot be claimed now, as the scanner is told. */
function spentRefusal(row: ConnectTokenRow, now: Date): HttpError {
  if (row.usedAt) return conflict(CONNECT_WORDS.reused);
  if (row.expiresAt.getTime() <= now.getTime()) return new HttpError(410, CONNECT_WORDS.expired);
  return conflict(CONNECT_WORDS.reused);
}

/**
 * POST /connect/scan: claims the code (once) and connects me with its owner. Already
 * connected: the connection as it is. Nothing is stored for a refused code.
 */
export async function scanConnectCode(ctx: Ctx, me: UserRow, body: { token?: string; short_code?: string }): Promise<Connection> {
  const now = ctx.clock();
  let row: ConnectTokenRow | null;
  if (body.token !== undefined) {
    const nonce = verifiedNonce(await secretOf(ctx.db), body.token);
    if (!nonce) throw badRequest(CONNECT_WORDS.badSignature);
    row = await findConnectToken(ctx.db, { nonce });
  } else {
    row = await findConnectToken(ctx.db, { shortCode: body.short_code! });
  }
  if (!row) throw notFound(CONNECT_WORDS.unknown);
  if (row.userId === me.id) throw badRequest(CONNECT_WORDS.own);
  // Blocked either way (or gone): the owner sees nothing, the code stays as it was.
  const owner = await reachableUser(ctx.db, me.id, row.userId, now);
  if (!owner) throw notFound(CONNECT_WORDS.unusable);
  if (row.usedAt || row.expiresAt.getTime() <= now.getTime()) throw spentRefusal(row, now);
  const claimed = await claimConnectToken(ctx.db, row.nonce, me.id, now);
  if (!claimed) {
    // Someone else claimed it, or it ran out, between the look and the claim.
    throw spentRefusal((await findConnectToken(ctx.db, { nonce: row.nonce })) ?? row, now);
  }
  const eventId = await sharedEventNow(ctx.db, me.id, owner.id, now);
  const connection = await connectPair(ctx, { actor: me, other: owner, eventId, type: 'qr', notify: [owner] });
  return connectionView(me, owner, connection, now);
}
