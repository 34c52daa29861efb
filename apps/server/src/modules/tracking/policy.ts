/**
 * Who may use salesman tracking (issue 14): users with operational-report access, in a market whose
 * SMTracking flag is on (off for pk and bd; read through the market settings of lib/policies, so an
 * admin's change in Admin configuration applies at once). Rows are then limited to the caller's DT scope
 * inside the queries. The market itself is checked by plugins/auth.ts.
 */
import { COUNTRIES, type CountryCode } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import { loadMarketSettings } from '../../lib/policies/index.js';
import { hasReports, type AuthUser } from '../../lib/policy.js';

export interface TrackingAbilities {
  /** Exports follow the market's DownloadReports flag, like the reports'. */
  export: boolean;
}

export async function assertTracking(
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
): Promise<TrackingAbilities> {
  const settings = await loadMarketSettings(q, market);
  if (!settings.flags.SMTracking) {
    throw forbidden(
      `Salesman tracking is not available in ${COUNTRIES[market].name} (its SMTracking setting is off).`,
    );
  }
  if (!hasReports(user))
    throw forbidden('Salesman tracking is open to users with operational-report access only.');
  return { export: settings.flags.DownloadReports };
}
