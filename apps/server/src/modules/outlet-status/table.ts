/**
 * The Outlet Status list as a declared table (lib/tables): the page, the count and the CSV/XLSX
 * export all come from this one declaration, limited to the market and the caller's DT codes.
 * Status is the CSV's 0/1 (1 online); the last change (when, by whom) is the newest
 * 'outletStatus' audit entry of the outlet.
 */
import { CHARACTER_RULES, defineTable } from '../../lib/tables/index.js';

export const outletStatusTable = defineTable({
  key: 'outletStatus',
  from: 'outlets o',
  tableAlias: 'o',
  lookups: [
    { alias: 'd', join: 'JOIN distributors d ON d.dt_code = o.dt_code' },
    { alias: 'ds', join: 'JOIN dt_sites ds ON ds.dt_site_code = o.dt_site_code' },
    { alias: 'sm', join: 'LEFT JOIN salesmen sm ON sm.id = o.salesman_id' },
    {
      alias: 'last',
      join: `LEFT JOIN LATERAL (
        SELECT a.at, u.name AS actor_name FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
        WHERE a.market = o.country_code AND a.tool = 'outletStatus' AND a.target = o.outlet_code
        ORDER BY a.at DESC LIMIT 1) last ON TRUE`,
    },
  ],
  scope: { market: 'o.country_code', dt: 'o.dt_code' },
  rowKey: 'o.outlet_code',
  columns: [
    {
      key: 'dtCode',
      header: { en: 'DT Code', vi: 'Mã NPP' },
      type: 'text',
      sql: 'o.dt_code',
      sortable: true,
    },
    {
      key: 'dtSiteCode',
      header: { en: 'DT Site Code', vi: 'Mã điểm NPP' },
      type: 'text',
      sql: 'o.dt_site_code',
      sortable: true,
    },
    {
      key: 'outletCode',
      header: { en: 'Outlet Code', vi: 'Mã cửa hàng' },
      type: 'text',
      sql: 'o.outlet_code',
      sortable: true,
    },
    {
      key: 'status',
      header: { en: 'Status', vi: 'Trạng thái' },
      type: 'number',
      sql: 'CASE WHEN o.is_online THEN 1 ELSE 0 END',
      sortable: true,
    },
    {
      key: 'outletName',
      header: { en: 'Outlet Name', vi: 'Tên cửa hàng' },
      type: 'text',
      sql: 'o.name',
      sortable: true,
    },
    { key: 'dtName', header: { en: 'DT Name', vi: 'Tên NPP' }, type: 'text', sql: 'd.name' },
    { key: 'dtSiteName', header: { en: 'DT Site Name', vi: 'Tên điểm NPP' }, type: 'text', sql: 'ds.name' },
    {
      key: 'salesmanName',
      header: { en: 'Salesman', vi: 'Nhân viên bán hàng' },
      type: 'text',
      sql: 'sm.name',
    },
    {
      key: 'updatedAt',
      header: { en: 'Last Updated', vi: 'Cập nhật lần cuối' },
      type: 'datetime',
      sql: 'last.at',
    },
    {
      key: 'updatedByName',
      header: { en: 'Updated By', vi: 'Người cập nhật' },
      type: 'text',
      sql: 'last.actor_name',
    },
  ],
  filters: {
    filter_dt_code: {
      column: 'o.dt_code',
      match: 'equals',
      label: { en: 'DT Code', vi: 'Mã NPP' },
      chars: CHARACTER_RULES.code,
    },
    filter_dt_site_code: {
      column: 'o.dt_site_code',
      match: 'equals',
      label: { en: 'DT Site Code', vi: 'Mã điểm NPP' },
      chars: CHARACTER_RULES.code,
    },
    filter_outlet_code: {
      column: 'o.outlet_code',
      match: 'equals',
      label: { en: 'Outlet Code', vi: 'Mã cửa hàng' },
      chars: CHARACTER_RULES.code,
    },
    // The spec's admin/filterResult?tenantCode={code}&…: one distributor.
    tenantCode: {
      column: 'o.dt_code',
      match: 'equals',
      label: { en: 'Tenant Code', vi: 'Mã NPP' },
      chars: CHARACTER_RULES.code,
      max: 1,
    },
  },
  defaultSort: 'dtCode',
});

/** The filter parameters of a list call (getSalesmanDetails reads none of them). */
export const OUTLET_STATUS_FILTER_PARAMS = Object.keys(outletStatusTable.filters);
