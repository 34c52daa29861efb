/**
 * The distributors and DT sites an admin may filter a table by: the market's, within the caller's DT
 * scope, in code order, with names (the web shows "name (code)").
 */
import type { CountryCode, DtFilterOptions } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { dtScopeSql, type AuthUser } from '../policy.js';

export async function dtFilterOptions(
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
): Promise<DtFilterOptions> {
  const dtParams: unknown[] = [market];
  const dts = await q.query<{ code: string; name: string }>(
    `SELECT dt_code AS code, name FROM distributors
     WHERE country_code = $1 AND ${dtScopeSql(user, 'dt_code', dtParams)} ORDER BY dt_code`,
    dtParams,
  );
  const siteParams: unknown[] = [market];
  const sites = await q.query<{ code: string; name: string; dtCode: string }>(
    `SELECT dt_site_code AS code, name, dt_code AS "dtCode" FROM dt_sites
     WHERE country_code = $1 AND ${dtScopeSql(user, 'dt_code', siteParams)} ORDER BY dt_site_code`,
    siteParams,
  );
  return { dtCodes: dts.rows, dtSiteCodes: sites.rows };
}
