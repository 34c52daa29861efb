/**
 * The Merchandizing Sets list as a declared table (lib/tables): each Set ID's current (newest)
 * version in the market, with its hurdle rates, validity, state against the market's today, and how
 * many displays and assigned outlets it has. Sets are market-wide definitions (dtMatch 'marketWide'):
 * every admin of the market sees them; the outlets under a set are scoped on the set page.
 */
import { CHARACTER_RULES, defineTable } from '../../lib/tables/index.js';

const STATE = `CASE WHEN s.go_live > (now() AT TIME ZONE c.time_zone)::date THEN 'upcoming'
  WHEN s.end_date < (now() AT TIME ZONE c.time_zone)::date THEN 'ended' ELSE 'live' END`;

export const merchSetTable = defineTable({
  key: 'merchandizingSets',
  from: `(SELECT DISTINCT ON (country_code, set_id) * FROM merch_sets
          ORDER BY country_code, set_id, version DESC) s
         JOIN countries c ON c.code = s.country_code`,
  lookups: [
    {
      alias: 'dc',
      join: `LEFT JOIN LATERAL (SELECT count(*)::int AS n FROM merch_displays d WHERE d.set_pk = s.id) dc ON true`,
    },
    {
      alias: 'oc',
      join: `LEFT JOIN LATERAL (SELECT count(DISTINCT so.outlet_id)::int AS n FROM merch_set_outlets so
                                WHERE so.set_pk = s.id) oc ON true`,
    },
  ],
  scope: { market: 's.country_code', dt: 'NULL::text', dtMatch: 'marketWide' },
  rowKey: 's.set_id',
  columns: [
    { key: 'setId', header: { en: 'Set ID', vi: 'Mã bộ' }, type: 'text', sql: 's.set_id', sortable: true },
    {
      key: 'setName',
      header: { en: 'Set Name', vi: 'Tên bộ' },
      type: 'text',
      sql: 's.set_name',
      sortable: true,
    },
    { key: 'version', header: { en: 'Version', vi: 'Phiên bản' }, type: 'number', sql: 's.version' },
    {
      key: 'buAssetType',
      header: { en: 'BU-Asset Type', vi: 'Loại tài sản BU' },
      type: 'text',
      sql: 's.bu_asset_type',
      sortable: true,
    },
    {
      key: 'subRegion',
      header: { en: 'Sub-Region', vi: 'Tiểu vùng' },
      type: 'text',
      sql: 's.sub_region',
      sortable: true,
    },
    {
      key: 'osaHurdle',
      header: { en: 'OSA Hurdle Rate (%)', vi: 'Ngưỡng OSA (%)' },
      type: 'number',
      sql: 's.osa_hurdle',
    },
    {
      key: 'facingsHurdle',
      header: { en: 'Facings Hurdle Rate (%)', vi: 'Ngưỡng mặt trưng bày (%)' },
      type: 'number',
      sql: 's.facings_hurdle',
    },
    {
      key: 'stockHurdle',
      header: { en: 'Stock Hurdle Rate (%)', vi: 'Ngưỡng tồn kho (%)' },
      type: 'number',
      sql: 's.stock_hurdle',
    },
    {
      key: 'goLive',
      header: { en: 'Go live date', vi: 'Ngày áp dụng' },
      type: 'date',
      sql: 's.go_live',
      sortable: true,
    },
    {
      key: 'endDate',
      header: { en: 'End date', vi: 'Ngày kết thúc' },
      type: 'date',
      sql: 's.end_date',
      sortable: true,
    },
    { key: 'state', header: { en: 'State', vi: 'Trạng thái' }, type: 'text', sql: STATE },
    { key: 'displays', header: { en: 'Displays', vi: 'Số kệ' }, type: 'number', sql: 'coalesce(dc.n, 0)' },
    {
      key: 'outlets',
      header: { en: 'Outlets', vi: 'Số cửa hàng' },
      type: 'number',
      sql: 'coalesce(oc.n, 0)',
    },
    {
      key: 'updatedAt',
      header: { en: 'Last Updated', vi: 'Cập nhật lần cuối' },
      type: 'datetime',
      sql: 's.updated_at',
    },
  ],
  filters: {
    filter_search: {
      column: `s.set_id || ' ' || s.set_name`,
      match: 'contains',
      label: { en: 'Set ID or Name', vi: 'Mã hoặc tên bộ' },
      chars: CHARACTER_RULES.any,
      max: 1,
    },
    filter_sub_region: {
      column: 's.sub_region',
      match: 'equals',
      label: { en: 'Sub-Region', vi: 'Tiểu vùng' },
      chars: CHARACTER_RULES.any,
    },
    filter_bu_asset_type: {
      column: 's.bu_asset_type',
      match: 'equals',
      label: { en: 'BU-Asset Type', vi: 'Loại tài sản BU' },
      chars: CHARACTER_RULES.any,
    },
    filter_state: {
      column: STATE,
      match: 'equals',
      label: { en: 'State', vi: 'Trạng thái' },
      chars: CHARACTER_RULES.any,
      max: 1,
    },
  },
  defaultSort: 'setId',
});
