import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES, countryFlags, sortCountryCodes, COUNTRY_FLAG_NAMES } from './countries.js';

describe('country feature flags (spec section 3)', () => {
  it('carries every flag the spec names for every market', () => {
    for (const code of COUNTRY_CODES) {
      const flags = countryFlags(code);
      expect(flags.countryCode).toBe(code);
      for (const name of COUNTRY_FLAG_NAMES) expect(typeof flags[name]).toBe('boolean');
    }
  });

  it('turns OfflineApp off only for Vietnam', () => {
    for (const code of COUNTRY_CODES) expect(countryFlags(code).OfflineApp).toBe(code !== 'vn');
  });

  it('has isHPC only for Indonesia HPC and isCDA only for Vietnam', () => {
    expect(COUNTRY_CODES.filter((c) => countryFlags(c).isHPC)).toEqual(['id']);
    expect(COUNTRY_CODES.filter((c) => countryFlags(c).isCDA)).toEqual(['vn']);
  });

  it('switches off siteCodeCheck, enableGTM, sortable and SMTracking for Pakistan', () => {
    const pk = countryFlags('pk');
    expect([pk.siteCodeCheck, pk.enableGTM, pk.sortable, pk.SMTracking]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('switches off enableGTM, SMTracking and opsReportNote for Bangladesh', () => {
    const bd = countryFlags('bd');
    expect([bd.enableGTM, bd.SMTracking, bd.opsReportNote]).toEqual([false, false, false]);
  });

  it('switches off outletGeoCompliance for Thailand only', () => {
    expect(COUNTRY_CODES.filter((c) => !countryFlags(c).outletGeoCompliance)).toEqual(['th']);
  });
});

describe('country facts (spec section 9)', () => {
  it('sorts markets id, idic, vn, ph, th, pk, bd', () => {
    expect(sortCountryCodes(['bd', 'vn', 'xx', 'id', 'pk', 'idic', 'th', 'ph'])).toEqual([
      'id',
      'idic',
      'vn',
      'ph',
      'th',
      'pk',
      'bd',
    ]);
  });

  it('uses the spec currency symbols for vn, ph, th and bd', () => {
    expect(COUNTRIES.vn.currencySymbol).toBe('₫');
    expect(COUNTRIES.ph.currencySymbol).toBe('₱');
    expect(COUNTRIES.th.currencySymbol).toBe('฿');
    expect(COUNTRIES.bd.currencySymbol).toBe('TK');
  });
});
