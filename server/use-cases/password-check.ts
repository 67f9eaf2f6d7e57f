/**
 * A password checked under the password limits (plugins/rate-limits.ts): the client
 * waits first if it has been failing, a failure is counted, a success clears the
 * client's count. Every password check of the product goes through here.
 */
import type { PasswordScope } from '../core/context';
import { hashingSlots, verifyPassword } from '../domain/passwords';
import type { ClientId, Ctx } from './context';

export async function passwordMatches(
  ctx: Ctx,
  who: { scope: PasswordScope; account: string; client: ClientId },
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  await ctx.limits.beforePasswordCheck(who.scope, who.account, who.client);
  const ok = storedHash !== null && (await verifyPassword(storedHash, password));
  // An unknown account costs a hash too, so timing does not tell which names exist.
  if (storedHash === null) await verifyPassword(null, password);
  if (ok) await ctx.limits.passwordSucceeded(who.scope, who.account, who.client);
  else await ctx.limits.passwordFailed(who.scope, who.account, who.client);
  return ok;
}

/**
 * A sign-in by name and password (a person's or an admin's): a place under the hashing cap
 * is kept from the start, or the answer is a 503 before any lookup, so in a storm those
 * past the cap are refused at the door (issue 40 item 9); then the account is found and
 * its password checked, an unknown name counted and hashed alike. The account when the
 * password matches, else null.
 */
export function signInByPassword<R extends { id: string; passwordHash: string | null }>(
  ctx: Ctx,
  who: { scope: PasswordScope; name: string; client: ClientId },
  find: () => Promise<R | null>,
  password: string,
): Promise<R | null> {
  return hashingSlots.admitted(async () => {
    const found = await find();
    const account = found?.id ?? `name:${who.name.trim().toLowerCase()}`;
    const ok = await passwordMatches(ctx, { scope: who.scope, account, client: who.client }, found?.passwordHash ?? null, password);
    return ok ? found : null;
  });
}
