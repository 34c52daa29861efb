import { describe, expect, it } from 'vitest';
import { EDITABLE_FLAG_NAMES, FLAG_INFO, updateAdminConfigSchema } from './admin-config.js';
import { COUNTRY_FLAG_NAMES } from './countries.js';

describe('admin configuration contracts', () => {
  it('explains every flag of spec section 3; only the market identity and routing are fixed', () => {
    expect(Object.keys(FLAG_INFO).sort()).toEqual([...COUNTRY_FLAG_NAMES].sort());
    for (const name of COUNTRY_FLAG_NAMES) expect(FLAG_INFO[name].explanation.length).toBeGreaterThan(10);
    expect(COUNTRY_FLAG_NAMES.filter((n) => !EDITABLE_FLAG_NAMES.includes(n))).toEqual([
      'isHPC',
      'BTPEndpoint',
    ]);
  });

  it('takes one or more flags and/or the domain list, lower-cased; refuses an empty or unknown change', () => {
    expect(updateAdminConfigSchema.parse({ flags: { DownloadReports: false } })).toEqual({
      flags: { DownloadReports: false },
    });
    expect(updateAdminConfigSchema.parse({ outletStatusEmailDomains: [' Demo.Test '] })).toEqual({
      outletStatusEmailDomains: ['demo.test'],
    });
    expect(updateAdminConfigSchema.safeParse({}).success).toBe(false);
    expect(updateAdminConfigSchema.safeParse({ flags: {} }).success).toBe(false);
    expect(updateAdminConfigSchema.safeParse({ flags: { Nope: true } }).success).toBe(false);
    expect(updateAdminConfigSchema.safeParse({ flags: { sortable: 1 } }).success).toBe(false);
    expect(updateAdminConfigSchema.safeParse({ outletStatusEmailDomains: ['a b'] }).success).toBe(false);
    expect(updateAdminConfigSchema.safeParse({ other: 1, flags: { sortable: true } }).success).toBe(false);
  });
});
