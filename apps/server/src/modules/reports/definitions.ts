/**
 * What each report reads: its columns (key, header, type, SQL expression) and where its market, DT,
 * date and filter columns are. docs/reports.md explains each report for people; this is the same
 * thing for the query builder. Every SQL fragment here is trusted text, never user input.
 */
import type { ReportColumnType, ReportFilterParam, ReportKey } from '@fieldforce/contracts';

export interface ColumnDef {
  key: string;
  header: string;
  type: ReportColumnType;
  sql: string;
  /** Sortable columns are never null, so keyset paging can compare them. */
  sortable?: boolean;
  /** Price and amount columns: the header gets the market's currency symbol. */
  currency?: boolean;
  /**
   * Quantities and amounts that add up: the totals row sums them over the whole filtered result.
   * Not prices, coordinates or sequence numbers, whose sum means nothing.
   */
  summed?: boolean;
}

/**
 * A join that only adds columns to a row: it matches exactly one row (an inner join on a NOT NULL
 * foreign key to a primary key) or at most one (a LEFT JOIN on a primary key, a one-row LATERAL
 * aggregate), so it neither drops nor repeats rows. It reads only `from` (never another lookup).
 * The count skips it and a page joins it to its own rows only, unless a filter or the sort reads it
 * (recognised by `alias.` in their SQL). test/reports/report-queries.test.ts checks both shapes agree.
 */
export interface ReportLookup {
  alias: string;
  join: string;
}

export interface ReportSqlDef {
  /** FROM and the JOINs that decide which rows there are. */
  from: string;
  /** When `from` is one table, its alias: a page's rows are chosen from it before the lookups join. */
  tableAlias?: string;
  /** Joins that only add columns (see ReportLookup). */
  lookups?: readonly ReportLookup[];
  countryColumn: string;
  dtColumn: string;
  /** Dated reports: `dateColumn` between from and to, or (promotions) an overlap of two columns. */
  dateColumn?: string;
  dateOverlap?: { start: string; end: string };
  /** A unique, non-null key of a row: the tie-break of every sort and the keyset cursor. */
  rowKey: string;
  columns: readonly ColumnDef[];
  /**
   * Summed columns that come from a per-row lookup (a visit's orders, one LATERAL lookup per visit):
   * the totals row reads them as one join over the window instead, with that table's own market and
   * date columns given the same conditions so it is read through its (country, date) index.
   * `sums` gives the aggregate of every summed column.
   */
  totalsJoin?: { join: string; countryColumn: string; dateColumn: string; sums: Record<string, string> };
  /** Filter parameter → how it matches: equality on a column, or a case-insensitive contains. */
  filters: Partial<Record<ReportFilterParam, { column: string; match: 'equals' | 'contains' }>>;
  defaultSort: string;
}

const salesmanCode = (alias: string): ColumnDef => ({
  key: 'salesmanCode',
  header: 'Salesman Code',
  type: 'text',
  sql: `${alias}.sm_code`,
  sortable: true,
});

export const REPORT_SQL: Record<ReportKey, ReportSqlDef> = {
  'product-master': {
    // The market's price list as each distributor site sells it.
    from: `product_prices pp
      JOIN products p ON p.item_code = pp.item_code
      JOIN dt_sites s ON s.country_code = pp.country_code`,
    countryColumn: 'pp.country_code',
    dtColumn: 's.dt_code',
    rowKey: `s.dt_site_code || '|' || pp.item_code`,
    columns: [
      { key: 'dtCode', header: 'DT Code', type: 'text', sql: 's.dt_code', sortable: true },
      { key: 'dtSiteCode', header: 'DT Site Code', type: 'text', sql: 's.dt_site_code', sortable: true },
      { key: 'itemCode', header: 'Item Code', type: 'text', sql: 'p.item_code', sortable: true },
      { key: 'productName', header: 'Product Name', type: 'text', sql: 'p.name', sortable: true },
      { key: 'brand', header: 'Brand', type: 'text', sql: 'p.brand', sortable: true },
      { key: 'category', header: 'Category', type: 'text', sql: 'p.category', sortable: true },
      { key: 'packSize', header: 'Pack Size', type: 'text', sql: 'p.pack_size' },
      { key: 'bsa', header: 'BSA', type: 'text', sql: 'p.bsa', sortable: true },
      { key: 'price', header: 'Price', type: 'amount', sql: 'pp.price', sortable: true, currency: true },
      { key: 'isActive', header: 'Active', type: 'boolean', sql: '(p.active AND pp.active)' },
    ],
    filters: { itemCode: { column: 'p.item_code', match: 'equals' } },
    defaultSort: 'itemCode',
  },
  'outlet-master': {
    from: 'outlets o',
    tableAlias: 'o',
    lookups: [{ alias: 'sm', join: 'LEFT JOIN salesmen sm ON sm.id = o.salesman_id' }],
    countryColumn: 'o.country_code',
    dtColumn: 'o.dt_code',
    rowKey: 'o.id',
    columns: [
      { key: 'outletCode', header: 'Outlet Code', type: 'text', sql: 'o.outlet_code', sortable: true },
      { key: 'outletName', header: 'Outlet Name', type: 'text', sql: 'o.name', sortable: true },
      { key: 'dtCode', header: 'DT Code', type: 'text', sql: 'o.dt_code', sortable: true },
      { key: 'dtSiteCode', header: 'DT Site Code', type: 'text', sql: 'o.dt_site_code', sortable: true },
      { key: 'salesmanCode', header: 'Salesman Code', type: 'text', sql: 'sm.sm_code' },
      { key: 'outletType', header: 'Outlet Type', type: 'text', sql: 'o.outlet_type', sortable: true },
      { key: 'outletSubtype', header: 'Outlet Subtype', type: 'text', sql: 'o.outlet_subtype' },
      { key: 'channel', header: 'Channel', type: 'text', sql: 'o.channel', sortable: true },
      { key: 'city', header: 'City', type: 'text', sql: 'o.city', sortable: true },
      { key: 'address', header: 'Address', type: 'text', sql: 'o.address' },
      { key: 'latitude', header: 'Latitude', type: 'number', sql: 'o.latitude' },
      { key: 'longitude', header: 'Longitude', type: 'number', sql: 'o.longitude' },
      { key: 'createdOn', header: 'Created On', type: 'date', sql: 'o.created_on', sortable: true },
      { key: 'isActive', header: 'Active', type: 'boolean', sql: 'o.active' },
    ],
    filters: {},
    defaultSort: 'outletCode',
  },
  'salesperson-visit-summary': {
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
    countryColumn: 'v.country_code',
    dtColumn: 'v.dt_code',
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
      { key: 'visitDate', header: 'Visit Date', type: 'date', sql: 'v.visit_date', sortable: true },
      { key: 'dtCode', header: 'DT Code', type: 'text', sql: 'v.dt_code', sortable: true },
      salesmanCode('sm'),
      { key: 'salesmanName', header: 'Salesman Name', type: 'text', sql: 'sm.name', sortable: true },
      { key: 'outletId', header: 'Outlet ID', type: 'text', sql: 'o.outlet_code', sortable: true },
      { key: 'outletName', header: 'Outlet Name', type: 'text', sql: 'o.name', sortable: true },
      { key: 'planned', header: 'Planned', type: 'boolean', sql: 'v.planned' },
      { key: 'visited', header: 'Visited', type: 'boolean', sql: 'v.actual' },
      { key: 'productive', header: 'Productive', type: 'boolean', sql: 'v.productive' },
      { key: 'visitSequence', header: 'Visit Sequence', type: 'number', sql: 'v.visit_sequence' },
      { key: 'checkInAt', header: 'Check-in', type: 'datetime', sql: 'v.check_in_at' },
      { key: 'checkOutAt', header: 'Check-out', type: 'datetime', sql: 'v.check_out_at' },
      { key: 'orders', header: 'Orders', type: 'number', sql: 'sold.orders', summed: true },
      { key: 'amount', header: 'Amount', type: 'amount', sql: 'sold.amount', currency: true, summed: true },
    ],
    filters: { outletId: { column: 'o.outlet_code', match: 'equals' } },
    defaultSort: '-visitDate',
  },
  'promotion-status': {
    // One row per promotion and eligible customer, for promotions running at some time in the range.
    from: `promotion_outlets po
      JOIN promotions p ON p.promotion_code = po.promotion_code`,
    lookups: [{ alias: 'o', join: 'JOIN outlets o ON o.id = po.outlet_id' }],
    countryColumn: 'po.country_code',
    dtColumn: 'po.dt_code',
    dateOverlap: { start: 'p.start_date', end: 'p.end_date' },
    rowKey: `po.promotion_code || '|' || po.outlet_id::text`,
    columns: [
      {
        key: 'promotionCode',
        header: 'Promotion Code',
        type: 'text',
        sql: 'p.promotion_code',
        sortable: true,
      },
      { key: 'promotionName', header: 'Promotion Name', type: 'text', sql: 'p.name', sortable: true },
      {
        key: 'promotionType',
        header: 'Promotion Type',
        type: 'text',
        sql: 'p.promotion_type',
        sortable: true,
      },
      { key: 'startDate', header: 'Start Date', type: 'date', sql: 'p.start_date', sortable: true },
      { key: 'endDate', header: 'End Date', type: 'date', sql: 'p.end_date', sortable: true },
      { key: 'promotionStatus', header: 'Promotion Status', type: 'text', sql: 'p.status', sortable: true },
      { key: 'dtCode', header: 'DT Code', type: 'text', sql: 'po.dt_code', sortable: true },
      { key: 'customerCode', header: 'Customer Code', type: 'text', sql: 'o.outlet_code', sortable: true },
      { key: 'outletName', header: 'Outlet Name', type: 'text', sql: 'o.name', sortable: true },
      { key: 'status', header: 'Customer Status', type: 'text', sql: 'po.status', sortable: true },
      {
        key: 'timesApplied',
        header: 'Times Applied',
        type: 'number',
        sql: 'po.times_applied',
        sortable: true,
        summed: true,
      },
      { key: 'lastAppliedOn', header: 'Last Applied On', type: 'date', sql: 'po.last_applied_on' },
    ],
    filters: { customerCode: { column: 'o.outlet_code', match: 'equals' } },
    defaultSort: 'promotionCode',
  },
  'demand-capture': {
    from: 'demand_capture dc',
    tableAlias: 'dc',
    lookups: [
      { alias: 'sm', join: 'JOIN salesmen sm ON sm.id = dc.salesman_id' },
      { alias: 'o', join: 'JOIN outlets o ON o.id = dc.outlet_id' },
      { alias: 'p', join: 'JOIN products p ON p.item_code = dc.item_code' },
    ],
    countryColumn: 'dc.country_code',
    dtColumn: 'dc.dt_code',
    dateColumn: 'dc.capture_date',
    rowKey: 'dc.id',
    columns: [
      { key: 'captureDate', header: 'Capture Date', type: 'date', sql: 'dc.capture_date', sortable: true },
      { key: 'dtCode', header: 'DT Code', type: 'text', sql: 'dc.dt_code', sortable: true },
      salesmanCode('sm'),
      { key: 'customerCode', header: 'Customer Code', type: 'text', sql: 'o.outlet_code', sortable: true },
      { key: 'outletName', header: 'Outlet Name', type: 'text', sql: 'o.name', sortable: true },
      { key: 'skuId', header: 'SKU Id', type: 'text', sql: 'dc.item_code', sortable: true },
      { key: 'productName', header: 'Product Name', type: 'text', sql: 'p.name', sortable: true },
      {
        key: 'qtyRequested',
        header: 'Quantity Requested',
        type: 'number',
        sql: 'dc.qty_requested',
        sortable: true,
        summed: true,
      },
    ],
    filters: {
      skuId: { column: 'dc.item_code', match: 'equals' },
      customerCode: { column: 'o.outlet_code', match: 'equals' },
    },
    defaultSort: '-captureDate',
  },
  'order-loss': {
    from: 'order_loss ol',
    tableAlias: 'ol',
    lookups: [
      { alias: 'sm', join: 'JOIN salesmen sm ON sm.id = ol.salesman_id' },
      { alias: 'o', join: 'JOIN outlets o ON o.id = ol.outlet_id' },
      { alias: 'p', join: 'JOIN products p ON p.item_code = ol.item_code' },
    ],
    countryColumn: 'ol.country_code',
    dtColumn: 'ol.dt_code',
    dateColumn: 'ol.loss_date',
    rowKey: 'ol.id',
    columns: [
      { key: 'lossDate', header: 'Loss Date', type: 'date', sql: 'ol.loss_date', sortable: true },
      { key: 'dtCode', header: 'DT Code', type: 'text', sql: 'ol.dt_code', sortable: true },
      salesmanCode('sm'),
      { key: 'customerCode', header: 'Customer Code', type: 'text', sql: 'o.outlet_code', sortable: true },
      { key: 'outletName', header: 'Outlet Name', type: 'text', sql: 'o.name', sortable: true },
      { key: 'skuId', header: 'SKU Id', type: 'text', sql: 'ol.item_code', sortable: true },
      { key: 'productName', header: 'Product Name', type: 'text', sql: 'p.name', sortable: true },
      {
        key: 'qtyLost',
        header: 'Quantity Lost',
        type: 'number',
        sql: 'ol.qty_lost',
        sortable: true,
        summed: true,
      },
      {
        key: 'amount',
        header: 'Amount',
        type: 'amount',
        sql: 'ol.value_lost',
        sortable: true,
        currency: true,
        summed: true,
      },
      { key: 'reason', header: 'Reason', type: 'text', sql: 'ol.reason', sortable: true },
    ],
    filters: {
      skuId: { column: 'ol.item_code', match: 'equals' },
      customerCode: { column: 'o.outlet_code', match: 'equals' },
    },
    defaultSort: '-lossDate',
  },
  'inventory-status': {
    from: 'dt_inventory i',
    tableAlias: 'i',
    lookups: [
      { alias: 's', join: 'JOIN dt_sites s ON s.dt_site_code = i.dt_site_code' },
      { alias: 'p', join: 'JOIN products p ON p.item_code = i.item_code' },
    ],
    countryColumn: 'i.country_code',
    dtColumn: 'i.dt_code',
    dateColumn: 'i.snapshot_date',
    rowKey: 'i.id',
    columns: [
      { key: 'snapshotDate', header: 'Stock Date', type: 'date', sql: 'i.snapshot_date', sortable: true },
      { key: 'dtCode', header: 'DT Code', type: 'text', sql: 'i.dt_code', sortable: true },
      { key: 'dtSiteCode', header: 'DT Site Code', type: 'text', sql: 'i.dt_site_code', sortable: true },
      { key: 'siteName', header: 'Site Name', type: 'text', sql: 's.name', sortable: true },
      { key: 'itemCode', header: 'Item Code', type: 'text', sql: 'i.item_code', sortable: true },
      { key: 'productName', header: 'Product Name', type: 'text', sql: 'p.name', sortable: true },
      {
        key: 'stockQty',
        header: 'Stock Quantity',
        type: 'number',
        sql: 'i.stock_qty',
        sortable: true,
        summed: true,
      },
      {
        key: 'amount',
        header: 'Stock Amount',
        type: 'amount',
        sql: 'i.stock_value',
        sortable: true,
        currency: true,
        summed: true,
      },
    ],
    filters: {
      itemCode: { column: 'i.item_code', match: 'equals' },
      productName: { column: 'p.name', match: 'contains' },
    },
    defaultSort: '-snapshotDate',
  },
};
