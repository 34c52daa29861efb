/**
 * The columns, filters and lookups the admin tools' tables share, written once: the distributor and
 * its site, outlets and salesmen, and the last change (when and by whom) read from the audit log. A
 * tool's table names its own columns (status, device ID, radius…) and takes the rest from here, so
 * the same thing has the same header in both languages in every tool and every export.
 */
import type { AdminToolKey } from '@fieldforce/contracts';
import {
  CHARACTER_RULES,
  type ColumnSpec,
  type FilterSpec,
  type Header,
  type TableLookup,
} from './define-table.js';

export const ADMIN_WORDS = {
  dtCode: { en: 'DT Code', vi: 'Mã NPP' },
  dtName: { en: 'DT Name', vi: 'Tên NPP' },
  dtSiteCode: { en: 'DT Site Code', vi: 'Mã điểm NPP' },
  dtSiteName: { en: 'DT Site Name', vi: 'Tên điểm NPP' },
  outletCode: { en: 'Outlet Code', vi: 'Mã cửa hàng' },
  outletName: { en: 'Outlet Name', vi: 'Tên cửa hàng' },
  smCode: { en: 'SM Code', vi: 'Mã NVBH' },
  salesman: { en: 'Salesman', vi: 'Nhân viên bán hàng' },
  updatedAt: { en: 'Last Updated', vi: 'Cập nhật lần cuối' },
  updatedBy: { en: 'Updated By', vi: 'Người cập nhật' },
} as const satisfies Record<string, Header>;

const text = <K extends string>(key: K, header: Header, sql: string, sortable = false): ColumnSpec<K> => ({
  key,
  header,
  type: 'text',
  sql,
  ...(sortable ? { sortable: true } : {}),
});

/** Columns by what they show; `sql` is the expression in the tool's FROM (e.g. 'o.dt_code'). */
export const adminColumn = {
  dtCode: (sql: string) => text('dtCode', ADMIN_WORDS.dtCode, sql, true),
  dtName: (sql = 'd.name') => text('dtName', ADMIN_WORDS.dtName, sql),
  dtSiteCode: (sql: string) => text('dtSiteCode', ADMIN_WORDS.dtSiteCode, sql, true),
  dtSiteName: (sql = 'ds.name') => text('dtSiteName', ADMIN_WORDS.dtSiteName, sql),
  outletCode: (sql: string) => text('outletCode', ADMIN_WORDS.outletCode, sql, true),
  outletName: (sql: string) => text('outletName', ADMIN_WORDS.outletName, sql, true),
  smCode: <K extends string = 'smCode'>(sql: string, key: K = 'smCode' as K, sortable = true) =>
    text(key, ADMIN_WORDS.smCode, sql, sortable),
  salesmanName: (sql: string, sortable = false) => text('salesmanName', ADMIN_WORDS.salesman, sql, sortable),
  /** A yes/no setting shown as the CSV's 1/0. */
  flag: <K extends string>(key: K, header: Header, booleanSql: string): ColumnSpec<K> => ({
    key,
    header,
    type: 'number',
    sql: `CASE WHEN ${booleanSql} THEN 1 ELSE 0 END`,
    sortable: true,
  }),
};

/** Search filters by code: equal values, letters and digits, at most 10. */
const byCode = (column: string, label: Header): FilterSpec => ({
  column,
  match: 'equals',
  label,
  chars: CHARACTER_RULES.code,
});

export const adminFilter = {
  dtCode: (column: string) => byCode(column, ADMIN_WORDS.dtCode),
  dtSiteCode: (column: string) => byCode(column, ADMIN_WORDS.dtSiteCode),
  outletCode: (column: string) => byCode(column, ADMIN_WORDS.outletCode),
  smCode: (column: string) => byCode(column, ADMIN_WORDS.smCode),
  /** A 1/0 setting: one value, '1' or '0'. */
  flag: (booleanSql: string, label: Header): FilterSpec => ({
    column: `CASE WHEN ${booleanSql} THEN '1' ELSE '0' END`,
    match: 'equals',
    label,
    chars: CHARACTER_RULES.digits,
    max: 1,
  }),
};

/** The distributor ('d') and its site ('ds') of rows whose alias has dt_code and dt_site_code. */
export function distributorLookups(alias: string, withSite = true): TableLookup[] {
  return [
    { alias: 'd', join: `JOIN distributors d ON d.dt_code = ${alias}.dt_code` },
    ...(withSite
      ? [{ alias: 'ds', join: `JOIN dt_sites ds ON ds.dt_site_code = ${alias}.dt_site_code` }]
      : []),
  ];
}

/**
 * The row's last change in the tool (the newest audit entry whose target is the row's code), as the
 * lookup 'last' and the two columns "Last Updated" and "Updated By". `updatedAtSql` may fall back to
 * a time the row keeps itself (e.g. when a device was first mapped).
 */
export function lastChange(
  tool: AdminToolKey,
  on: { market: string; target: string },
  updatedAtSql = 'last.at',
): { lookup: TableLookup; columns: [ColumnSpec<'updatedAt'>, ColumnSpec<'updatedByName'>] } {
  return {
    lookup: {
      alias: 'last',
      join: `LEFT JOIN LATERAL (
        SELECT a.at, u.name AS actor_name FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
        WHERE a.market = ${on.market} AND a.tool = '${tool}' AND a.target = ${on.target}
        ORDER BY a.at DESC, a.seq DESC NULLS LAST LIMIT 1) last ON TRUE`,
    },
    columns: [
      { key: 'updatedAt', header: ADMIN_WORDS.updatedAt, type: 'datetime', sql: updatedAtSql },
      { key: 'updatedByName', header: ADMIN_WORDS.updatedBy, type: 'text', sql: 'last.actor_name' },
    ],
  };
}
