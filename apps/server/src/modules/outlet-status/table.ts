/**
 * The Outlet Status list as a declared table (lib/tables): the page, the count and the CSV/XLSX
 * export all come from this one declaration, limited to the market and the caller's DT codes.
 * Status is the CSV's 0/1 (1 online); the last change (when, by whom) is the newest
 * 'outletStatus' audit entry of the outlet.
 */
import {
  adminColumn,
  adminFilter,
  CHARACTER_RULES,
  defineTable,
  distributorLookups,
  lastChange,
} from '../../lib/tables/index.js';

const changed = lastChange('outletStatus', { market: 'o.country_code', target: 'o.outlet_code' });

export const outletStatusTable = defineTable({
  key: 'outletStatus',
  from: 'outlets o',
  tableAlias: 'o',
  lookups: [
    ...distributorLookups('o'),
    { alias: 'sm', join: 'LEFT JOIN salesmen sm ON sm.id = o.salesman_id' },
    changed.lookup,
  ],
  scope: { market: 'o.country_code', dt: 'o.dt_code' },
  rowKey: 'o.outlet_code',
  columns: [
    adminColumn.dtCode('o.dt_code'),
    adminColumn.dtSiteCode('o.dt_site_code'),
    adminColumn.outletCode('o.outlet_code'),
    adminColumn.flag('status', { en: 'Status', vi: 'Trạng thái' }, 'o.is_online'),
    adminColumn.outletName('o.name'),
    adminColumn.dtName(),
    adminColumn.dtSiteName(),
    adminColumn.salesmanName('sm.name'),
    ...changed.columns,
  ],
  filters: {
    filter_dt_code: adminFilter.dtCode('o.dt_code'),
    filter_dt_site_code: adminFilter.dtSiteCode('o.dt_site_code'),
    filter_outlet_code: adminFilter.outletCode('o.outlet_code'),
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
