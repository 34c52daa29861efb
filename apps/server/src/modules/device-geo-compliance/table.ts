/**
 * The Device Geo-Compliance list as a declared table (lib/tables): each salesman's device with whether
 * visits must be recorded inside the outlet's radius (1/0) and the radius in metres; the page, the
 * count and the CSV/XLSX export come from this one declaration, limited to the market and the
 * caller's DT codes. The last change is the newest 'deviceGeoCompliance' audit entry of the salesman.
 */
import { CHARACTER_RULES, defineTable } from '../../lib/tables/index.js';

export const deviceGeoTable = defineTable({
  key: 'deviceGeoCompliance',
  from: 'salesmen s',
  tableAlias: 's',
  lookups: [
    { alias: 'd', join: 'JOIN distributors d ON d.dt_code = s.dt_code' },
    {
      alias: 'last',
      join: `LEFT JOIN LATERAL (
        SELECT a.at, u.name AS actor_name FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
        WHERE a.market = s.country_code AND a.tool = 'deviceGeoCompliance' AND a.target = s.sm_code
        ORDER BY a.at DESC LIMIT 1) last ON TRUE`,
    },
  ],
  scope: { market: 's.country_code', dt: 's.dt_code' },
  rowKey: 's.sm_code',
  columns: [
    {
      key: 'dtCode',
      header: { en: 'DT Code', vi: 'Mã NPP' },
      type: 'text',
      sql: 's.dt_code',
      sortable: true,
    },
    {
      key: 'smCode',
      header: { en: 'SM Code', vi: 'Mã NVBH' },
      type: 'text',
      sql: 's.sm_code',
      sortable: true,
    },
    { key: 'deviceId', header: { en: 'Device ID', vi: 'Mã thiết bị' }, type: 'text', sql: 's.device_id' },
    {
      key: 'geoCompliance',
      header: { en: 'Geo-Compliance Check', vi: 'Kiểm tra tuân thủ vị trí' },
      type: 'number',
      sql: 'CASE WHEN s.geo_fence_required THEN 1 ELSE 0 END',
      sortable: true,
    },
    {
      key: 'radiusM',
      header: { en: 'Radius (m)', vi: 'Bán kính (m)' },
      type: 'number',
      sql: 's.geo_fence_radius_m',
      sortable: true,
    },
    {
      key: 'salesmanName',
      header: { en: 'Salesman', vi: 'Nhân viên bán hàng' },
      type: 'text',
      sql: 's.name',
      sortable: true,
    },
    { key: 'dtName', header: { en: 'DT Name', vi: 'Tên NPP' }, type: 'text', sql: 'd.name' },
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
      column: 's.dt_code',
      match: 'equals',
      label: { en: 'DT Code', vi: 'Mã NPP' },
      chars: CHARACTER_RULES.code,
    },
    filter_sm_code: {
      column: 's.sm_code',
      match: 'equals',
      label: { en: 'SM Code', vi: 'Mã NVBH' },
      chars: CHARACTER_RULES.code,
    },
    filter_geo_compliance: {
      column: `CASE WHEN s.geo_fence_required THEN '1' ELSE '0' END`,
      match: 'equals',
      label: { en: 'Geo-Compliance Check', vi: 'Kiểm tra tuân thủ vị trí' },
      chars: CHARACTER_RULES.digits,
      max: 1,
    },
  },
  defaultSort: 'dtCode',
});
