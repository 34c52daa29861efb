/**
 * The Salesman Device ID list as a declared table (lib/tables): the page, the count and the CSV/XLSX
 * export all come from this one declaration, limited to the market and the caller's DT codes. The
 * last change (when, by whom) is the newest 'salesmanDeviceId' audit entry of the salesman, or the
 * device's own mapping time when no admin has changed it.
 */
import { CHARACTER_RULES, defineTable, type CharacterRule } from '../../lib/tables/index.js';

/**
 * Phone numbers: digits and '+'. The routes first rewrite each typed number to the stored form
 * (normalisePhone: with or without the market's dial code), so the filter compares equal numbers.
 */
export const PHONE_CHARACTERS: CharacterRule = {
  clean: (raw: string) => raw.replace(/[^0-9+,]/g, ''),
  describe: { en: 'digits and +', vi: 'chữ số và dấu +' },
};

export const salesmanDeviceTable = defineTable({
  key: 'salesmanDeviceId',
  from: 'salesmen s',
  tableAlias: 's',
  lookups: [
    { alias: 'd', join: 'JOIN distributors d ON d.dt_code = s.dt_code' },
    { alias: 'ds', join: 'JOIN dt_sites ds ON ds.dt_site_code = s.dt_site_code' },
    {
      alias: 'last',
      join: `LEFT JOIN LATERAL (
        SELECT a.at, u.name AS actor_name FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
        WHERE a.market = s.country_code AND a.tool = 'salesmanDeviceId' AND a.target = s.sm_code
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
    {
      key: 'phone',
      header: { en: 'Phone number', vi: 'Số điện thoại' },
      type: 'text',
      sql: 's.phone',
      sortable: true,
    },
    { key: 'deviceId', header: { en: 'Device ID', vi: 'Mã thiết bị' }, type: 'text', sql: 's.device_id' },
    {
      key: 'salesmanName',
      header: { en: 'Salesman', vi: 'Nhân viên bán hàng' },
      type: 'text',
      sql: 's.name',
      sortable: true,
    },
    { key: 'dtName', header: { en: 'DT Name', vi: 'Tên NPP' }, type: 'text', sql: 'd.name' },
    {
      key: 'dtSiteCode',
      header: { en: 'DT Site Code', vi: 'Mã điểm NPP' },
      type: 'text',
      sql: 's.dt_site_code',
      sortable: true,
    },
    { key: 'dtSiteName', header: { en: 'DT Site Name', vi: 'Tên điểm NPP' }, type: 'text', sql: 'ds.name' },
    {
      key: 'updatedAt',
      header: { en: 'Last Updated', vi: 'Cập nhật lần cuối' },
      type: 'datetime',
      sql: 'coalesce(last.at, s.device_id_updated_at)',
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
    filter_phone_number: {
      column: 's.phone',
      match: 'equals',
      label: { en: 'Phone number', vi: 'Số điện thoại' },
      chars: PHONE_CHARACTERS,
    },
  },
  defaultSort: 'dtCode',
});
