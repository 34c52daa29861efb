/**
 * The Salesman Device ID list as a declared table (lib/tables): the page, the count and the CSV/XLSX
 * export all come from this one declaration, limited to the market and the caller's DT codes. The
 * last change (when, by whom) is the newest 'salesmanDeviceId' audit entry of the salesman, or the
 * device's own mapping time when no admin has changed it.
 */
import {
  adminColumn,
  adminFilter,
  defineTable,
  distributorLookups,
  lastChange,
  type CharacterRule,
} from '../../lib/tables/index.js';

/**
 * Phone numbers: digits and '+'. The routes first rewrite each typed number to the stored form
 * (normalisePhone: with or without the market's dial code), so the filter compares equal numbers.
 */
export const PHONE_CHARACTERS: CharacterRule = {
  clean: (raw: string) => raw.replace(/[^0-9+,]/g, ''),
  describe: { en: 'digits and +', vi: 'chữ số và dấu +' },
};

const changed = lastChange(
  'salesmanDeviceId',
  { market: 's.country_code', target: 's.sm_code' },
  'coalesce(last.at, s.device_id_updated_at)',
);

export const salesmanDeviceTable = defineTable({
  key: 'salesmanDeviceId',
  from: 'salesmen s',
  tableAlias: 's',
  lookups: [...distributorLookups('s'), changed.lookup],
  scope: { market: 's.country_code', dt: 's.dt_code' },
  rowKey: 's.sm_code',
  columns: [
    adminColumn.dtCode('s.dt_code'),
    adminColumn.smCode('s.sm_code'),
    {
      key: 'phone',
      header: { en: 'Phone number', vi: 'Số điện thoại' },
      type: 'text',
      sql: 's.phone',
      sortable: true,
    },
    { key: 'deviceId', header: { en: 'Device ID', vi: 'Mã thiết bị' }, type: 'text', sql: 's.device_id' },
    adminColumn.salesmanName('s.name', true),
    adminColumn.dtName(),
    adminColumn.dtSiteCode('s.dt_site_code'),
    adminColumn.dtSiteName(),
    ...changed.columns,
  ],
  filters: {
    filter_dt_code: adminFilter.dtCode('s.dt_code'),
    filter_sm_code: adminFilter.smCode('s.sm_code'),
    filter_phone_number: {
      column: 's.phone',
      match: 'equals',
      label: { en: 'Phone number', vi: 'Số điện thoại' },
      chars: PHONE_CHARACTERS,
    },
  },
  defaultSort: 'dtCode',
});
