/**
 * The Outlet Geo-Compliance list as a declared table (lib/tables): the page, the count and the CSV/XLSX
 * export all come from this one declaration, limited to the market and the caller's DT codes. The
 * check is the CSV's 1/0 (1: visits must be recorded inside the outlet's radius); the export's first
 * three headers are the bulk-update template's, so an exported file edited down to them uploads as is.
 * The last change (when, by whom) is the newest 'outletGeoCompliance' audit entry of the outlet.
 */
import { CHARACTER_RULES, defineTable } from '../../lib/tables/index.js';

const geoSql = 'CASE WHEN o.geo_compliance THEN 1 ELSE 0 END';

export const outletGeoTable = defineTable({
  key: 'outletGeoCompliance',
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
        WHERE a.market = o.country_code AND a.tool = 'outletGeoCompliance' AND a.target = o.outlet_code
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
      key: 'outletCode',
      header: { en: 'Outlet Code', vi: 'Mã cửa hàng' },
      type: 'text',
      sql: 'o.outlet_code',
      sortable: true,
    },
    {
      key: 'geoCompliance',
      header: { en: 'Geo-Compliance Check', vi: 'Kiểm tra tuân thủ vị trí' },
      type: 'number',
      sql: geoSql,
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
    {
      key: 'dtSiteCode',
      header: { en: 'DT Site Code', vi: 'Mã điểm NPP' },
      type: 'text',
      sql: 'o.dt_site_code',
      sortable: true,
    },
    { key: 'dtSiteName', header: { en: 'DT Site Name', vi: 'Tên điểm NPP' }, type: 'text', sql: 'ds.name' },
    { key: 'salesmanCode', header: { en: 'SM Code', vi: 'Mã NVBH' }, type: 'text', sql: 'sm.sm_code' },
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
    filter_geo_compliance: {
      column: `(${geoSql})::text`,
      match: 'equals',
      label: { en: 'Geo-Compliance Check', vi: 'Kiểm tra tuân thủ vị trí' },
      chars: CHARACTER_RULES.digits,
      max: 1,
    },
  },
  defaultSort: 'dtCode',
});
