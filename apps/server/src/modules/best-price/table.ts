/**
 * The Estimated Best Price list as a declared table (lib/tables): per item and outlet type of the
 * market, the estimate from the last recompute (recompute.ts), its spread, the invoices behind it,
 * whether it is flagged, the override and who set it when, and the best price (the override, else the
 * estimate). The rows are market-wide: the DT scope column is NULL, so a caller limited to DT codes
 * (refused by the policy anyway) would see none.
 */
import { adminColumn, adminFilter, CHARACTER_RULES, defineTable } from '../../lib/tables/index.js';

const FLAGGED = { en: 'Wide Spread', vi: 'Biên độ rộng' };
const OVERRIDDEN = { en: 'Overridden', vi: 'Đã ghi đè' };

export const bestPriceTable = defineTable({
  key: 'estimatedBestPrice',
  from: 'best_prices bp',
  tableAlias: 'bp',
  lookups: [
    { alias: 'p', join: 'JOIN products p ON p.item_code = bp.item_code' },
    { alias: 'ou', join: 'LEFT JOIN users ou ON ou.id = bp.override_by' },
  ],
  scope: { market: 'bp.country_code', dt: 'NULL::text' },
  rowKey: "bp.item_code || '|' || bp.outlet_type",
  columns: [
    {
      key: 'itemCode',
      header: { en: 'Item Code', vi: 'Mã sản phẩm' },
      type: 'text',
      sql: 'bp.item_code',
      sortable: true,
    },
    { key: 'itemName', header: { en: 'Item Name', vi: 'Tên sản phẩm' }, type: 'text', sql: 'p.name' },
    {
      key: 'outletType',
      header: { en: 'Outlet Type', vi: 'Loại cửa hàng' },
      type: 'text',
      sql: 'bp.outlet_type',
      sortable: true,
    },
    {
      key: 'estimatedPrice',
      header: { en: 'Estimated Price', vi: 'Giá ước tính' },
      type: 'amount',
      sql: 'bp.estimated_price',
      currency: true,
    },
    {
      key: 'spreadPct',
      header: { en: 'Spread (%)', vi: 'Biên độ (%)' },
      type: 'number',
      sql: 'round(bp.spread * 100, 2)',
      sortable: true,
    },
    {
      key: 'invoices',
      header: { en: 'Invoices', vi: 'Số hóa đơn' },
      type: 'number',
      sql: 'bp.invoices',
      sortable: true,
    },
    adminColumn.flag('flagged', FLAGGED, 'bp.flagged'),
    {
      key: 'overridePrice',
      header: { en: 'Override Price', vi: 'Giá ghi đè' },
      type: 'amount',
      sql: 'bp.override_price',
      currency: true,
    },
    {
      key: 'bestPrice',
      header: { en: 'Best Price', vi: 'Giá tốt nhất' },
      type: 'amount',
      sql: 'COALESCE(bp.override_price, bp.estimated_price)',
      currency: true,
    },
    adminColumn.flag('overridden', OVERRIDDEN, 'bp.override_price IS NOT NULL'),
    {
      key: 'overriddenAt',
      header: { en: 'Overridden At', vi: 'Thời điểm ghi đè' },
      type: 'datetime',
      sql: 'bp.override_at',
    },
    {
      key: 'overriddenByName',
      header: { en: 'Overridden By', vi: 'Người ghi đè' },
      type: 'text',
      sql: 'ou.name',
    },
    {
      key: 'computedAt',
      header: { en: 'Computed At', vi: 'Thời điểm tính' },
      type: 'datetime',
      sql: 'bp.computed_at',
    },
  ],
  filters: {
    filter_item_code: {
      column: 'bp.item_code',
      match: 'equals',
      label: { en: 'Item Code', vi: 'Mã sản phẩm' },
      chars: CHARACTER_RULES.code,
    },
    filter_outlet_type: {
      column: 'bp.outlet_type',
      match: 'equals',
      label: { en: 'Outlet Type', vi: 'Loại cửa hàng' },
      chars: CHARACTER_RULES.any,
      // Chosen from the market's outlet types (GET …/filters), not typed to the letter.
      choices: true,
    },
    filter_flagged: adminFilter.flag('bp.flagged', FLAGGED),
    filter_overridden: adminFilter.flag('bp.override_price IS NOT NULL', OVERRIDDEN),
  },
  defaultSort: 'itemCode',
});
