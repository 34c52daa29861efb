import { describe, expect, it } from 'vitest';
import type { OutletGeoRow } from '@fieldforce/contracts';
import { translate } from '../../lib/i18n';
import { applyGeoToggle, confirmBody, refusedOutlets, shownGeo, toggleGeoChange } from './outlet-geo-rules';

const row = (outletCode: string, geoCompliance: 0 | 1): OutletGeoRow => ({
  dtCode: 'VNDT001',
  dtName: 'DT',
  dtSiteCode: 'VNDT001S01',
  dtSiteName: 'Site',
  outletCode,
  outletName: 'Outlet',
  salesmanCode: null,
  salesmanName: null,
  geoCompliance,
  updatedAt: null,
  updatedByName: null,
});

describe('the changed list', () => {
  it('a toggle adds the flipped check; a second toggle removes it (back to the saved one)', () => {
    const a = row('1', 1);
    const once = applyGeoToggle(a, []);
    expect(once).toEqual([{ outletCode: '1', dtCode: 'VNDT001', geoCompliance: 0 }]);
    expect(shownGeo(a, once)).toBe(0);
    const twice = applyGeoToggle(a, once);
    expect(twice).toEqual([]);
    expect(shownGeo(a, twice)).toBe(1);
  });

  it('enabling a disabled outlet adds 1; other outlets stay in the list', () => {
    const list = applyGeoToggle(row('2', 0), [{ outletCode: '1', dtCode: 'VNDT001', geoCompliance: 0 }]);
    expect(list.map((c) => [c.outletCode, c.geoCompliance])).toEqual([
      ['1', 0],
      ['2', 1],
    ]);
    expect(toggleGeoChange(row('1', 1), list)).toEqual({ remove: '1' });
  });
});

describe('refusedOutlets', () => {
  it('maps the field errors body.changes.{i} to the outlets of the list', () => {
    const changes = [
      { outletCode: '1', dtCode: 'A', geoCompliance: 0 as const },
      { outletCode: '2', dtCode: 'B', geoCompliance: 1 as const },
    ];
    expect(
      refusedOutlets([{ field: 'body.changes.1' }, { field: 'body' }, { field: 'body.changes.9' }], changes),
    ).toEqual(['2']);
  });
});

describe('the save confirmation', () => {
  const en: Parameters<typeof confirmBody>[0] = (key, vars) => translate('en', key, vars);
  const vi: Parameters<typeof confirmBody>[0] = (key, vars) => translate('vi', key, vars);

  it('names one outlet in the singular and leaves out a part that is 0', () => {
    expect(confirmBody(en, 1, 0)).toBe('1 outlet will be enabled.');
    expect(confirmBody(en, 0, 1)).toBe('1 outlet will be disabled.');
    expect(confirmBody(en, 3, 1)).toBe('3 outlets will be enabled. 1 outlet will be disabled.');
    expect(confirmBody(vi, 2, 2)).toBe('2 cửa hàng sẽ được bật. 2 cửa hàng sẽ bị tắt.');
  });
});
