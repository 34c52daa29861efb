/**
 * assertAdminTool (lib/policies): one refusal path for every admin tool, saying why: the tool is not
 * in the market, admins only, or the tool's own rule; otherwise the caller's abilities.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountryCode } from '@fieldforce/contracts';
import { AppError } from '../../src/lib/errors.js';
import { assertAdminTool } from '../../src/lib/policies/index.js';
import type { AuthUser } from '../../src/lib/policy.js';
import { freshDatabase } from '../helpers/database.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
}, 120_000);
afterAll(() => database?.cleanup());

const user = (overrides: Partial<AuthUser> = {}): AuthUser => ({
  id: 'u1',
  email: 'admin@demo.test',
  name: 'An Admin',
  role: 'Admin',
  userType: 'admin',
  accessToUcube: true,
  accessToOperationalDashboards: true,
  isSuperUser: false,
  dtAccessCodes: '',
  countryCodes: ['vn', 'th', 'id'],
  homeCountryCode: 'vn',
  status: 'active',
  passwordChangedAt: null,
  ...overrides,
});

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('assertAdminTool', () => {
  it('answers the abilities of an admin of the market', async () => {
    const can = await assertAdminTool(database.db, user(), 'vn', 'outletGeoCompliance', 'edit');
    expect(can).toEqual({ view: true, edit: true, upload: true, export: true });
  });

  it('refuses a tool the market does not have, naming tool and market', async () => {
    expect(await refusal(assertAdminTool(database.db, user(), 'th', 'outletGeoCompliance', 'view'))).toEqual({
      status: 403,
      message: 'Outlet Geo-Compliance is not available in Thailand.',
    });
  });

  it('uses the tool’s own words where it gives them', async () => {
    const r = await refusal(
      assertAdminTool(database.db, user(), 'th', 'outletGeoCompliance', 'view', {
        notInMarket: (m: CountryCode) => `not in ${m}`,
      }),
    );
    expect(r.message).toBe('not in th');
  });

  it('refuses a user who is not an admin, and an admin of other markets', async () => {
    expect(
      (
        await refusal(
          assertAdminTool(database.db, user({ userType: 'user' }), 'vn', 'deviceGeoCompliance', 'view'),
        )
      ).message,
    ).toBe('Device Geo-Compliance is open to the market’s admins only.');
    const r = await refusal(
      assertAdminTool(
        database.db,
        user({ countryCodes: ['th'], homeCountryCode: 'th' }),
        'vn',
        'salesmanDeviceId',
        'edit',
      ),
    );
    expect(r).toEqual({ status: 403, message: 'You may not edit in Salesman Device ID in Vietnam.' });
  });
});
