import { describe, expect, it } from 'vitest';
import { deviceGeoCall } from './device-geo-compliance';
import { salesmanDeviceCall, type SalesmanDeviceCriteria } from './salesman-device-id';

const paging = { page: 2, pageSize: 50, sort: '' };

describe('Salesman Device ID calls', () => {
  const base: SalesmanDeviceCriteria = { dtCode: '', by: 'smCode', values: [], ...paging };

  it('lists without filters, filters by SM codes or by phone numbers', () => {
    expect(salesmanDeviceCall(base)).toEqual({
      path: 'admin/salesmanDeviceId/list',
      query: {
        filter_dt_code: undefined,
        filter_sm_code: undefined,
        filter_phone_number: undefined,
        page: 2,
        pageSize: 50,
        sort: undefined,
      },
    });
    expect(salesmanDeviceCall({ ...base, values: ['VNSM1', 'VNSM2'] })).toMatchObject({
      path: 'admin/salesmanDeviceId/filterResult',
      query: { filter_sm_code: 'VNSM1,VNSM2', filter_phone_number: undefined },
    });
    expect(
      salesmanDeviceCall({ ...base, by: 'phone', values: ['0901234567'], dtCode: 'VNDT001' }),
    ).toMatchObject({
      path: 'admin/salesmanDeviceId/filterResult',
      query: { filter_dt_code: 'VNDT001', filter_sm_code: undefined, filter_phone_number: '0901234567' },
    });
  });
});

describe('Device Geo-Compliance calls', () => {
  it('lists without filters and filters by DT, SM codes and the check', () => {
    expect(deviceGeoCall({ dtCode: '', smCodes: [], geo: '', ...paging }).path).toBe(
      'admin/deviceGeoCompliance/list',
    );
    expect(deviceGeoCall({ dtCode: '', smCodes: ['A1'], geo: '0', ...paging })).toMatchObject({
      path: 'admin/deviceGeoCompliance/filterResult',
      query: { filter_sm_code: 'A1', filter_geo_compliance: '0' },
    });
  });
});
