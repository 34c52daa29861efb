/**
 * Who may use Estimated Best Price: lib/policies' admin rule (admins of the market; the tool is in every
 * market's admin menu but id's, which refuses it) and the tool's own rule there: the price is one figure
 * per item and outlet type for the whole market, so an admin limited to some DT codes is refused
 * (docs/decisions.md, "Estimated Best Price"): setting it would change the price shown for
 * distributors outside their scope. The same rule covers the upload (the file calls ask `can`).
 */
import type { Abilities, CountryCode } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { assertAdminTool } from '../../lib/policies/index.js';
import type { AuthUser } from '../../lib/policy.js';

export const assertBestPrice = (q: Queryable, user: AuthUser, market: CountryCode, action: keyof Abilities) =>
  assertAdminTool(q, user, market, 'estimatedBestPrice', action, {
    ruleFailed: 'Estimated Best Price is market-wide: it is open to admins of the whole market.',
  });
