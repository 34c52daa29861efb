/**
 * What each report reads, declared on the table engine (lib/tables): its columns (key, headers in
 * English and Vietnamese, type, SQL expression), its filters with their character rules, and where its
 * market, DT, date columns are. docs/reports.md explains each report for people; this is the same
 * thing for the query builder. Every SQL fragment here is trusted text, never user input.
 */
import {
  reportByKey,
  sanitizeSearchInput,
  type ReportFilterParam,
  type ReportKey,
  type SearchKind,
} from '@fieldforce/contracts';
import {
  CHARACTER_RULES,
  defineTable,
  type CharacterRule,
  type ColumnSpec,
  type FilterSpec,
  type Header,
  type Table,
  type TableLookup,
} from '../../lib/tables/index.js';

/** A report column (the table engine's column: key, headers en/vi, type, sql, sortable, currency, summed). */
export type ColumnDef = ColumnSpec;
/** A join that only adds columns (see TableLookup in lib/tables). */
export type ReportLookup = TableLookup;
/** A report's declaration. */
export type ReportSqlDef = Table;

/** The headers' Vietnamese, as the web's reports.vi translation shows them. */
const VI = {
  'DT Code': 'Mã NPP',
  'DT Site Code': 'Mã điểm NPP',
  'Item Code': 'Mã sản phẩm',
  'Product Name': 'Tên sản phẩm',
  Brand: 'Nhãn hàng',
  Category: 'Ngành hàng',
  'Pack Size': 'Quy cách đóng gói',
  BSA: 'BSA',
  Price: 'Giá',
  Active: 'Đang hoạt động',
  'Outlet Code': 'Mã cửa hàng',
  'Outlet Name': 'Tên cửa hàng',
  'Salesman Code': 'Mã nhân viên bán hàng',
  'Outlet Type': 'Loại cửa hàng',
  'Outlet Subtype': 'Loại cửa hàng chi tiết',
  Channel: 'Kênh',
  City: 'Thành phố',
  Address: 'Địa chỉ',
  Latitude: 'Vĩ độ',
  Longitude: 'Kinh độ',
  'Created On': 'Ngày tạo',
  'Visit Date': 'Ngày viếng thăm',
  'Salesman Name': 'Tên nhân viên bán hàng',
  'Outlet ID': 'Mã cửa hàng (ID)',
  Planned: 'Theo kế hoạch',
  Visited: 'Đã viếng thăm',
  Productive: 'Có đơn hàng',
  'Visit Sequence': 'Thứ tự viếng thăm',
  'Check-in': 'Giờ đến',
  'Check-out': 'Giờ đi',
  Orders: 'Số đơn hàng',
  Amount: 'Thành tiền',
  'Promotion Code': 'Mã khuyến mãi',
  'Promotion Name': 'Tên khuyến mãi',
  'Promotion Type': 'Loại khuyến mãi',
  'Start Date': 'Ngày bắt đầu',
  'End Date': 'Ngày kết thúc',
  'Promotion Status': 'Trạng thái khuyến mãi',
  'Customer Code': 'Mã khách hàng',
  'Customer Status': 'Trạng thái khách hàng',
  'Times Applied': 'Số lần áp dụng',
  'Last Applied On': 'Ngày áp dụng gần nhất',
  'Capture Date': 'Ngày ghi nhận',
  'SKU Id': 'Mã SKU',
  'Quantity Requested': 'Số lượng yêu cầu',
  'Loss Date': 'Ngày mất đơn',
  'Quantity Lost': 'Số lượng mất',
  Reason: 'Lý do',
  'Stock Date': 'Ngày tồn kho',
  'Site Name': 'Tên điểm NPP',
  'Stock Quantity': 'Số lượng tồn',
  'Stock Amount': 'Giá trị tồn kho',
} as const;

const h = (en: keyof typeof VI): Header => ({ en, vi: VI[en] });

/**
 * The character rule of a report search field (spec section 2, the contracts' sanitizeSearchInput):
 * customer codes are digits, except in the Order Loss Report whose customer codes carry letters;
 * product names take anything; every other field letters and digits.
 */
function searchRule(kind: SearchKind, key: ReportKey): CharacterRule {
  if (kind === 'productName') return CHARACTER_RULES.any;
  if (kind === 'code') return CHARACTER_RULES.code;
  if (key !== 'order-loss') return CHARACTER_RULES.digits;
  return {
    clean: (raw) => sanitizeSearchInput('customerCode', raw, key),
    describe: CHARACTER_RULES.code.describe,
  };
}

/**
 * A report's filters: the column each of its contract filters (reports.ts: param, label, kind) is
 * matched against; the label and character rule come from the contract, so they cannot drift.
 */
function filters(
  key: ReportKey,
  columns: Partial<Record<ReportFilterParam, Pick<FilterSpec, 'column' | 'match'>>>,
): Partial<Record<ReportFilterParam, FilterSpec>> {
  const out: Partial<Record<ReportFilterParam, FilterSpec>> = {};
  for (const f of reportByKey(key)!.filters) {
    const param = f.param as ReportFilterParam;
    const column = columns[param];
    if (!column) throw new Error(`${key}: no column for its ${param} filter`);
    out[param] = {
      ...column,
      label: { en: f.label, vi: VI[f.label as keyof typeof VI] },
      chars: searchRule(f.kind, key),
    };
  }
  return out;
}

const salesmanCode = (alias: string): ColumnDef => ({
  key: 'salesmanCode',
  header: h('Salesman Code'),
  type: 'text',
  sql: `${alias}.sm_code`,
  sortable: true,
});

export const REPORT_SQL: Record<ReportKey, Table> = {
  'product-master': defineTable({
    key: 'product-master',
    // The market's price list as each distributor site sells it.
    from: `product_prices pp
      JOIN products p ON p.item_code = pp.item_code
      JOIN dt_sites s ON s.country_code = pp.country_code`,
    scope: { market: 'pp.country_code', dt: 's.dt_code' },
    rowKey: `s.dt_site_code || '|' || pp.item_code`,
    columns: [
      { key: 'dtCode', header: h('DT Code'), type: 'text', sql: 's.dt_code', sortable: true },
      { key: 'dtSiteCode', header: h('DT Site Code'), type: 'text', sql: 's.dt_site_code', sortable: true },
      { key: 'itemCode', header: h('Item Code'), type: 'text', sql: 'p.item_code', sortable: true },
      { key: 'productName', header: h('Product Name'), type: 'text', sql: 'p.name', sortable: true },
      { key: 'brand', header: h('Brand'), type: 'text', sql: 'p.brand', sortable: true },
      { key: 'category', header: h('Category'), type: 'text', sql: 'p.category', sortable: true },
      { key: 'packSize', header: h('Pack Size'), type: 'text', sql: 'p.pack_size' },
      { key: 'bsa', header: h('BSA'), type: 'text', sql: 'p.bsa', sortable: true },
      { key: 'price', header: h('Price'), type: 'amount', sql: 'pp.price', sortable: true, currency: true },
      { key: 'isActive', header: h('Active'), type: 'boolean', sql: '(p.active AND pp.active)' },
    ],
    filters: filters('product-master', { itemCode: { column: 'p.item_code', match: 'equals' } }),
    defaultSort: 'itemCode',
  }),
  'outlet-master': defineTable({
    key: 'outlet-master',
    from: 'outlets o',
    tableAlias: 'o',
    lookups: [{ alias: 'sm', join: 'LEFT JOIN salesmen sm ON sm.id = o.salesman_id' }],
    scope: { market: 'o.country_code', dt: 'o.dt_code' },
    rowKey: 'o.id',
    columns: [
      { key: 'outletCode', header: h('Outlet Code'), type: 'text', sql: 'o.outlet_code', sortable: true },
      { key: 'outletName', header: h('Outlet Name'), type: 'text', sql: 'o.name', sortable: true },
      { key: 'dtCode', header: h('DT Code'), type: 'text', sql: 'o.dt_code', sortable: true },
      { key: 'dtSiteCode', header: h('DT Site Code'), type: 'text', sql: 'o.dt_site_code', sortable: true },
      { key: 'salesmanCode', header: h('Salesman Code'), type: 'text', sql: 'sm.sm_code' },
      { key: 'outletType', header: h('Outlet Type'), type: 'text', sql: 'o.outlet_type', sortable: true },
      { key: 'outletSubtype', header: h('Outlet Subtype'), type: 'text', sql: 'o.outlet_subtype' },
      { key: 'channel', header: h('Channel'), type: 'text', sql: 'o.channel', sortable: true },
      { key: 'city', header: h('City'), type: 'text', sql: 'o.city', sortable: true },
      { key: 'address', header: h('Address'), type: 'text', sql: 'o.address' },
      { key: 'latitude', header: h('Latitude'), type: 'number', sql: 'o.latitude' },
      { key: 'longitude', header: h('Longitude'), type: 'number', sql: 'o.longitude' },
      { key: 'createdOn', header: h('Created On'), type: 'date', sql: 'o.created_on', sortable: true },
      { key: 'isActive', header: h('Active'), type: 'boolean', sql: 'o.active' },
    ],
    filters: filters('outlet-master', {}),
    defaultSort: 'outletCode',
  }),
  'salesperson-visit-summary': defineTable({
    key: 'salesperson-visit-summary',
    // One row per visit (planned or not), with what the visit sold.
    from: 'visits v',
    tableAlias: 'v',
    lookups: [
      { alias: 'sm', join: 'JOIN salesmen sm ON sm.id = v.salesman_id' },
      { alias: 'o', join: 'JOIN outlets o ON o.id = v.outlet_id' },
      {
        alias: 'sold',
        join: `LEFT JOIN LATERAL (
        SELECT count(*)::int AS orders, coalesce(sum(od.gross_amount), 0) AS amount
          FROM orders od WHERE od.visit_id = v.id
      ) sold ON TRUE`,
      },
    ],
    scope: { market: 'v.country_code', dt: 'v.dt_code' },
    dateColumn: 'v.visit_date',
    rowKey: 'v.id',
    // An order's invoice date and market are its visit's (the seed and the loads write them so).
    totalsJoin: {
      join: 'JOIN orders od ON od.visit_id = v.id',
      countryColumn: 'od.country_code',
      dateColumn: 'od.invoice_date',
      sums: { orders: 'count(*)', amount: 'sum(od.gross_amount)' },
    },
    columns: [
      { key: 'visitDate', header: h('Visit Date'), type: 'date', sql: 'v.visit_date', sortable: true },
      { key: 'dtCode', header: h('DT Code'), type: 'text', sql: 'v.dt_code', sortable: true },
      salesmanCode('sm'),
      { key: 'salesmanName', header: h('Salesman Name'), type: 'text', sql: 'sm.name', sortable: true },
      { key: 'outletId', header: h('Outlet ID'), type: 'text', sql: 'o.outlet_code', sortable: true },
      { key: 'outletName', header: h('Outlet Name'), type: 'text', sql: 'o.name', sortable: true },
      { key: 'planned', header: h('Planned'), type: 'boolean', sql: 'v.planned' },
      { key: 'visited', header: h('Visited'), type: 'boolean', sql: 'v.actual' },
      { key: 'productive', header: h('Productive'), type: 'boolean', sql: 'v.productive' },
      { key: 'visitSequence', header: h('Visit Sequence'), type: 'number', sql: 'v.visit_sequence' },
      { key: 'checkInAt', header: h('Check-in'), type: 'datetime', sql: 'v.check_in_at' },
      { key: 'checkOutAt', header: h('Check-out'), type: 'datetime', sql: 'v.check_out_at' },
      { key: 'orders', header: h('Orders'), type: 'number', sql: 'sold.orders', summed: true },
      {
        key: 'amount',
        header: h('Amount'),
        type: 'amount',
        sql: 'sold.amount',
        currency: true,
        summed: true,
      },
    ],
    filters: filters('salesperson-visit-summary', { outletId: { column: 'o.outlet_code', match: 'equals' } }),
    defaultSort: '-visitDate',
  }),
  'promotion-status': defineTable({
    key: 'promotion-status',
    // One row per promotion and eligible customer, for promotions running at some time in the range.
    from: `promotion_outlets po
      JOIN promotions p ON p.promotion_code = po.promotion_code`,
    lookups: [{ alias: 'o', join: 'JOIN outlets o ON o.id = po.outlet_id' }],
    scope: { market: 'po.country_code', dt: 'po.dt_code' },
    dateOverlap: { start: 'p.start_date', end: 'p.end_date' },
    rowKey: `po.promotion_code || '|' || po.outlet_id::text`,
    columns: [
      {
        key: 'promotionCode',
        header: h('Promotion Code'),
        type: 'text',
        sql: 'p.promotion_code',
        sortable: true,
      },
      { key: 'promotionName', header: h('Promotion Name'), type: 'text', sql: 'p.name', sortable: true },
      {
        key: 'promotionType',
        header: h('Promotion Type'),
        type: 'text',
        sql: 'p.promotion_type',
        sortable: true,
      },
      { key: 'startDate', header: h('Start Date'), type: 'date', sql: 'p.start_date', sortable: true },
      { key: 'endDate', header: h('End Date'), type: 'date', sql: 'p.end_date', sortable: true },
      {
        key: 'promotionStatus',
        header: h('Promotion Status'),
        type: 'text',
        sql: 'p.status',
        sortable: true,
      },
      { key: 'dtCode', header: h('DT Code'), type: 'text', sql: 'po.dt_code', sortable: true },
      { key: 'customerCode', header: h('Customer Code'), type: 'text', sql: 'o.outlet_code', sortable: true },
      { key: 'outletName', header: h('Outlet Name'), type: 'text', sql: 'o.name', sortable: true },
      { key: 'status', header: h('Customer Status'), type: 'text', sql: 'po.status', sortable: true },
      {
        key: 'timesApplied',
        header: h('Times Applied'),
        type: 'number',
        sql: 'po.times_applied',
        sortable: true,
        summed: true,
      },
      { key: 'lastAppliedOn', header: h('Last Applied On'), type: 'date', sql: 'po.last_applied_on' },
    ],
    filters: filters('promotion-status', { customerCode: { column: 'o.outlet_code', match: 'equals' } }),
    defaultSort: 'promotionCode',
  }),
  'demand-capture': defineTable({
    key: 'demand-capture',
    from: 'demand_capture dc',
    tableAlias: 'dc',
    lookups: [
      { alias: 'sm', join: 'JOIN salesmen sm ON sm.id = dc.salesman_id' },
      { alias: 'o', join: 'JOIN outlets o ON o.id = dc.outlet_id' },
      { alias: 'p', join: 'JOIN products p ON p.item_code = dc.item_code' },
    ],
    scope: { market: 'dc.country_code', dt: 'dc.dt_code' },
    dateColumn: 'dc.capture_date',
    rowKey: 'dc.id',
    columns: [
      { key: 'captureDate', header: h('Capture Date'), type: 'date', sql: 'dc.capture_date', sortable: true },
      { key: 'dtCode', header: h('DT Code'), type: 'text', sql: 'dc.dt_code', sortable: true },
      salesmanCode('sm'),
      { key: 'customerCode', header: h('Customer Code'), type: 'text', sql: 'o.outlet_code', sortable: true },
      { key: 'outletName', header: h('Outlet Name'), type: 'text', sql: 'o.name', sortable: true },
      { key: 'skuId', header: h('SKU Id'), type: 'text', sql: 'dc.item_code', sortable: true },
      { key: 'productName', header: h('Product Name'), type: 'text', sql: 'p.name', sortable: true },
      {
        key: 'qtyRequested',
        header: h('Quantity Requested'),
        type: 'number',
        sql: 'dc.qty_requested',
        sortable: true,
        summed: true,
      },
    ],
    filters: filters('demand-capture', {
      skuId: { column: 'dc.item_code', match: 'equals' },
      customerCode: { column: 'o.outlet_code', match: 'equals' },
    }),
    defaultSort: '-captureDate',
  }),
  'order-loss': defineTable({
    key: 'order-loss',
    from: 'order_loss ol',
    tableAlias: 'ol',
    lookups: [
      { alias: 'sm', join: 'JOIN salesmen sm ON sm.id = ol.salesman_id' },
      { alias: 'o', join: 'JOIN outlets o ON o.id = ol.outlet_id' },
      { alias: 'p', join: 'JOIN products p ON p.item_code = ol.item_code' },
    ],
    scope: { market: 'ol.country_code', dt: 'ol.dt_code' },
    dateColumn: 'ol.loss_date',
    rowKey: 'ol.id',
    columns: [
      { key: 'lossDate', header: h('Loss Date'), type: 'date', sql: 'ol.loss_date', sortable: true },
      { key: 'dtCode', header: h('DT Code'), type: 'text', sql: 'ol.dt_code', sortable: true },
      salesmanCode('sm'),
      { key: 'customerCode', header: h('Customer Code'), type: 'text', sql: 'o.outlet_code', sortable: true },
      { key: 'outletName', header: h('Outlet Name'), type: 'text', sql: 'o.name', sortable: true },
      { key: 'skuId', header: h('SKU Id'), type: 'text', sql: 'ol.item_code', sortable: true },
      { key: 'productName', header: h('Product Name'), type: 'text', sql: 'p.name', sortable: true },
      {
        key: 'qtyLost',
        header: h('Quantity Lost'),
        type: 'number',
        sql: 'ol.qty_lost',
        sortable: true,
        summed: true,
      },
      {
        key: 'amount',
        header: h('Amount'),
        type: 'amount',
        sql: 'ol.value_lost',
        sortable: true,
        currency: true,
        summed: true,
      },
      { key: 'reason', header: h('Reason'), type: 'text', sql: 'ol.reason', sortable: true },
    ],
    filters: filters('order-loss', {
      skuId: { column: 'ol.item_code', match: 'equals' },
      customerCode: { column: 'o.outlet_code', match: 'equals' },
    }),
    defaultSort: '-lossDate',
  }),
  'inventory-status': defineTable({
    key: 'inventory-status',
    from: 'dt_inventory i',
    tableAlias: 'i',
    lookups: [
      { alias: 's', join: 'JOIN dt_sites s ON s.dt_site_code = i.dt_site_code' },
      { alias: 'p', join: 'JOIN products p ON p.item_code = i.item_code' },
    ],
    scope: { market: 'i.country_code', dt: 'i.dt_code' },
    dateColumn: 'i.snapshot_date',
    rowKey: 'i.id',
    columns: [
      { key: 'snapshotDate', header: h('Stock Date'), type: 'date', sql: 'i.snapshot_date', sortable: true },
      { key: 'dtCode', header: h('DT Code'), type: 'text', sql: 'i.dt_code', sortable: true },
      { key: 'dtSiteCode', header: h('DT Site Code'), type: 'text', sql: 'i.dt_site_code', sortable: true },
      { key: 'siteName', header: h('Site Name'), type: 'text', sql: 's.name', sortable: true },
      { key: 'itemCode', header: h('Item Code'), type: 'text', sql: 'i.item_code', sortable: true },
      { key: 'productName', header: h('Product Name'), type: 'text', sql: 'p.name', sortable: true },
      {
        key: 'stockQty',
        header: h('Stock Quantity'),
        type: 'number',
        sql: 'i.stock_qty',
        sortable: true,
        summed: true,
      },
      {
        key: 'amount',
        header: h('Stock Amount'),
        type: 'amount',
        sql: 'i.stock_value',
        sortable: true,
        currency: true,
        summed: true,
      },
    ],
    filters: filters('inventory-status', {
      itemCode: { column: 'i.item_code', match: 'equals' },
      productName: { column: 'p.name', match: 'contains' },
    }),
    defaultSort: '-snapshotDate',
  }),
};
