import type { OutletStatusRow } from '@fieldforce/contracts';
import { describe, expect, it } from 'vitest';
import {
  outletCodesTooMany,
  parseOutletCodes,
  shownStatus,
  siteLabel,
  toggleChange,
} from './outlet-status-rules';
import { translate } from '../../lib/i18n';
import { outletStatusCall } from './api/outlet-status';

const row: OutletStatusRow = {
  outletCode: 'O1',
  outletName: 'Shop',
  dtCode: 'DT1',
  dtName: 'Dist',
  dtSiteCode: 'S1',
  dtSiteName: 'Site',
  salesmanName: null,
  status: 1,
  updatedAt: null,
  updatedByName: null,
};

describe('outlet status page rules', () => {
  it('splits the outlet-code search, drops blanks and repeats, and flags more than 10', () => {
    expect(parseOutletCodes(' O1, O2,,O1 ,')).toEqual(['O1', 'O2']);
    expect(outletCodesTooMany(parseOutletCodes('1,2,3,4,5,6,7,8,9,10'))).toBe(false);
    expect(outletCodesTooMany(parseOutletCodes('1,2,3,4,5,6,7,8,9,10,11'))).toBe(true);
  });

  it('adds a flipped status, and toggling again removes it by outletCode', () => {
    const first = toggleChange(row, []);
    expect(first).toEqual({ add: { outletCode: 'O1', dtCode: 'DT1', dtSiteCode: 'S1', status: 0 } });
    const changes = 'add' in first ? [first.add] : [];
    expect(shownStatus(row, changes)).toBe(0);
    expect(toggleChange(row, changes)).toEqual({ remove: 'O1' });
    expect(shownStatus(row, [])).toBe(1);
  });

  it('asks getSalesmanDetails without filters and filterResult with the spec filter keys', () => {
    const base = { dtCode: '', dtSiteCode: '', outletCodes: [], page: 1, pageSize: 50, sort: '' };
    expect(outletStatusCall(base).path).toBe('admin/getSalesmanDetails');
    const filtered = outletStatusCall({ ...base, dtCode: 'DT1', outletCodes: ['O1', 'O2'] });
    expect(filtered.path).toBe('admin/filterResult');
    expect(filtered.query).toMatchObject({
      filter_dt_code: 'DT1',
      filter_outlet_code: 'O1,O2',
      tenantCode: 'DT1',
    });
  });

  it("shows a site without its distributor's name when the site's name repeats it", () => {
    const site = { dtName: 'PT Sukses Makmur', dtSiteCode: 'IDDT001S01' };
    expect(siteLabel({ ...site, dtSiteName: 'PT Sukses Makmur - Cengkareng' })).toBe(
      'Cengkareng (IDDT001S01)',
    );
    expect(siteLabel({ ...site, dtSiteName: 'Gudang Utama' })).toBe('Gudang Utama (IDDT001S01)');
    // Nothing after the distributor's name: the name is kept whole rather than shown empty.
    expect(siteLabel({ ...site, dtSiteName: 'PT Sukses Makmur - ' })).toBe(
      'PT Sukses Makmur -  (IDDT001S01)',
    );
  });
});

describe('the words of Outlet Status, Outlet Geo-Compliance, Salesman Device ID and Device Geo-Compliance', () => {
  const vi = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
    translate('vi', key, vars);

  it('name the same things the same way in Vietnamese', () => {
    // The last-change column and the site column read alike in all four tools.
    const lastChange = (
      [
        'outletStatus.col.updated',
        'outletGeo.col.updated',
        'deviceId.col.updated',
        'deviceGeo.col.updated',
      ] as const
    ).map((key) => vi(key));
    expect(new Set(lastChange)).toEqual(new Set(['Thay đổi gần nhất']));
    expect(vi('outletStatus.col.site')).toBe(vi('outletGeo.col.site'));
    expect(vi('outletStatus.clear')).toBe(vi('outletGeo.clear'));
    // Activity Log actions are all in the past tense ('Đã …'), as the other tools' are.
    for (const key of [
      'outletStatus.action.update',
      'outletStatus.action.import',
      'outletGeo.action.update',
      'deviceId.action.validation',
    ] as const)
      expect(vi(key), key).toMatch(/^Đã /);
  });

  it("write the Activity Log's 'Từ … sang …' in lower case, and keep the English words as they were", () => {
    expect(
      vi('outletStatus.change', { from: vi('outletStatus.logOnline'), to: vi('outletStatus.logOffline') }),
    ).toBe('Từ trực tuyến sang ngoại tuyến');
    expect(vi('deviceGeo.change', { from: vi('deviceGeo.logOn'), to: vi('deviceGeo.logOff') })).toBe(
      'Từ bắt buộc sang không bắt buộc',
    );
    expect(vi('deviceId.change', { from: 'abc-1', to: vi('deviceId.logNone') })).toBe(
      'Từ abc-1 sang chưa gán',
    );
    const en = (key: Parameters<typeof translate>[1]) => translate('en', key);
    expect([en('outletStatus.logOnline'), en('deviceGeo.logOn'), en('deviceId.logNone')]).toEqual([
      en('outletStatus.online'),
      en('deviceGeo.on'),
      en('deviceId.none'),
    ]);
  });

  it('write "mã thiết bị" in lower case inside a Vietnamese sentence or label', () => {
    for (const key of [
      'deviceId.validation',
      'deviceId.enableTitle',
      'deviceId.export',
      'deviceId.upload',
      'deviceId.uploadTitle',
      'deviceId.updateFailed',
      'import.DEVICE_DELETE_FAILED',
    ] as const)
      expect(vi(key), key).not.toMatch(/. Mã thiết bị/);
  });

  it('say one outlet in the singular in English', () => {
    const en = (key: Parameters<typeof translate>[1], count: number) => translate('en', key, { count });
    expect(en('outletStatus.changesOne', 1)).toBe('1 unsaved change');
    expect(en('outletStatus.confirmBodyOne', 1)).toBe('1 outlet will change status.');
    expect(en('outletStatus.savedOne', 1)).toBe('Status updated for 1 outlet.');
    expect(en('outletGeo.changesOne', 1)).toBe('1 unsaved change');
    expect(en('outletGeo.savedOne', 1)).toBe('Geo-compliance updated for 1 outlet.');
  });
});
