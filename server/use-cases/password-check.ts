/**
 * A password checked under the password limits (plugins/rate-limits.ts): the client
 * waits first if it has been failing, a failure is counted, a success clears the
 * client's count. Every password check of the product goes through here.
 */
import type { PasswordScope } from '../core/context';
import { verifyPassword } from '../domain/passwords';
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
