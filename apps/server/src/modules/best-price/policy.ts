/**
 * Who may use Estimated Best Price: lib/policies' admin rule (admins of the market; the tool is in every
 * market's admin menu but id's, which refuses it). The price is one figure per item and outlet type for
 * the whole market, so an admin limited to some DT codes is refused (docs/decisions.md, "Estimated Best
 * Price"): setting it would change the price shown for distributors outside their scope.
 */
import type { Abilities, CountryCode } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import { assertAdminTool } from '../../lib/policies/index.js';
import { dtScope, type AuthUser } from '../../lib/policy.js';

export async function assertBestPrice(
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  action: keyof Abilities,
): Promise<Abilities> {
  const can = await assertAdminTool(q, user, market, 'estimatedBestPrice', action);
  if (dtScope(user) !== null) {
    throw forbidden('Estimated Best Price is market-wide: it is open to admins of the whole market.');
  }
  return can;
}
