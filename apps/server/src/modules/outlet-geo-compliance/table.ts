/**
 * The Outlet Geo-Compliance list as a declared table (lib/tables): the page, the count and the CSV/XLSX
 * export all come from this one declaration, limited to the market and the caller's DT codes. The
 * check is the CSV's 1/0 (1: visits must be recorded inside the outlet's radius); the export's first
 * three headers are the bulk-update template's, so an exported file edited down to them uploads as is.
 * The last change (when, by whom) is the newest 'outletGeoCompliance' audit entry of the outlet.
 */
import {
  adminColumn,
  adminFilter,
  defineTable,
  distributorLookups,
  lastChange,
} from '../../lib/tables/index.js';

const GEO_CHECK = { en: 'Geo-Compliance Check', vi: 'Kiểm tra tuân thủ vị trí' };
const changed = lastChange('outletGeoCompliance', { market: 'o.country_code', target: 'o.outlet_code' });

export const outletGeoTable = defineTable({
  key: 'outletGeoCompliance',
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
    adminColumn.outletCode('o.outlet_code'),
    adminColumn.flag('geoCompliance', GEO_CHECK, 'o.geo_compliance'),
    adminColumn.outletName('o.name'),
    adminColumn.dtName(),
    adminColumn.dtSiteCode('o.dt_site_code'),
    adminColumn.dtSiteName(),
    adminColumn.smCode('sm.sm_code', 'salesmanCode', false),
    adminColumn.salesmanName('sm.name'),
    ...changed.columns,
  ],
  filters: {
    filter_dt_code: adminFilter.dtCode('o.dt_code'),
    filter_dt_site_code: adminFilter.dtSiteCode('o.dt_site_code'),
    filter_outlet_code: adminFilter.outletCode('o.outlet_code'),
    filter_geo_compliance: adminFilter.flag('o.geo_compliance', GEO_CHECK),
  },
  defaultSort: 'dtCode',
});
