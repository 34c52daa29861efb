/**
 * Who may read and change a market's configuration (issue 13):
 *   - read: every signed-in user of the market (the web needs the flags; the route's market rule keeps
 *     other markets out, a Super User reaches every market);
 *   - change: admins (userType admin) of the market; a Super User who is an admin, for every market.
 * Answers carry `can` so the web shows the page read-only instead of re-deriving the rule.
 */
import { COUNTRIES, type Abilities, type CountryCode } from '@fieldforce/contracts';
import { forbidden } from '../../lib/errors.js';
import { inMarket, isAdmin, type AuthUser } from '../../lib/policy.js';

export function configAbilities(user: AuthUser, market: CountryCode): Abilities {
  const view = inMarket(user, market);
  const edit = view && isAdmin(user);
  return { view, edit, upload: false, export: false };
}

/** Throws 403 saying why unless the caller may change the market's configuration. */
export function assertConfigEdit(user: AuthUser, market: CountryCode): Abilities {
  const can = configAbilities(user, market);
  if (!can.view) {
    throw forbidden(
      `You may not change the configuration of ${COUNTRIES[market].name}: it is not one of your markets.`,
    );
  }
  if (!can.edit) {
    throw forbidden(
      `The configuration of ${COUNTRIES[market].name} can be changed only by the market’s admins.`,
    );
  }
  return can;
}
