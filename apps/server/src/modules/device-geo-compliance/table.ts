/**
 * The Device Geo-Compliance list as a declared table (lib/tables): each salesman's device with whether
 * visits must be recorded inside the outlet's radius (1/0) and the radius in metres; the page, the
 * count and the CSV/XLSX export come from this one declaration, limited to the market and the
 * caller's DT codes. The last change is the newest 'deviceGeoCompliance' audit entry of the salesman.
 */
import {
  adminColumn,
  adminFilter,
  defineTable,
  distributorLookups,
  lastChange,
} from '../../lib/tables/index.js';

const GEO_CHECK = { en: 'Geo-Compliance Check', vi: 'Kiểm tra tuân thủ vị trí' };
const changed = lastChange('deviceGeoCompliance', { market: 's.country_code', target: 's.sm_code' });

export const deviceGeoTable = defineTable({
  key: 'deviceGeoCompliance',
  from: 'salesmen s',
  tableAlias: 's',
  lookups: [...distributorLookups('s', false), changed.lookup],
  scope: { market: 's.country_code', dt: 's.dt_code' },
  rowKey: 's.sm_code',
  columns: [
    adminColumn.dtCode('s.dt_code'),
    adminColumn.smCode('s.sm_code'),
    { key: 'deviceId', header: { en: 'Device ID', vi: 'Mã thiết bị' }, type: 'text', sql: 's.device_id' },
    adminColumn.flag('geoCompliance', GEO_CHECK, 's.geo_fence_required'),
    {
      key: 'radiusM',
      header: { en: 'Radius (m)', vi: 'Bán kính (m)' },
      type: 'number',
      sql: 's.geo_fence_radius_m',
      sortable: true,
    },
    adminColumn.salesmanName('s.name', true),
    adminColumn.dtName(),
    ...changed.columns,
  ],
  filters: {
    filter_dt_code: adminFilter.dtCode('s.dt_code'),
    filter_sm_code: adminFilter.smCode('s.sm_code'),
    filter_geo_compliance: adminFilter.flag('s.geo_fence_required', GEO_CHECK),
  },
  defaultSort: 'dtCode',
});
