import { describe, expect, it } from 'vitest';
import {
  normaliseDtCodes,
  userAccessRefusals,
  type UserAccessGrantor,
  type UserAccessState,
} from './user-access.js';
import { ALL_DT_ACCESS } from './users.js';

const admin: UserAccessGrantor = {
  superUser: false,
  ucube: true,
  reports: false,
  dtCodes: ['DT1', 'DT2'],
  markets: ['vn'],
  bsa: ['Distributor'],
};
const user: UserAccessState = {
  role: 'Supervisor',
  accessToUcube: false,
  accessToOperationalDashboards: false,
  isAdmin: false,
  isSuperUser: false,
  dtAccessCodes: ['DT1'],
  bsa: ['Distributor'],
  markets: ['vn'],
};
const codes = (after: Partial<UserAccessState>, grantor = admin, before = user, self = false) =>
  userAccessRefusals(grantor, before, { ...before, ...after }, { self }).map((r) => r.code);

describe('userAccessRefusals (spec section 6)', () => {
  it('allows giving what the admin holds and taking anything away', () => {
    expect(codes({ accessToUcube: true, dtAccessCodes: ['DT1', 'DT2'], role: 'Team Leader' })).toEqual([]);
    const rich = { ...user, accessToOperationalDashboards: true, bsa: ['Distributor', 'Ice Cream'] };
    expect(codes({ accessToOperationalDashboards: false, bsa: ['Distributor'] }, admin, rich)).toEqual([]);
  });

  it('refuses what the admin does not hold', () => {
    expect(codes({ accessToOperationalDashboards: true })).toEqual(['REPORTS_NOT_HELD']);
    expect(codes({ markets: ['vn', 'bd'] })).toEqual(['MARKET_NOT_HELD']);
    expect(codes({ dtAccessCodes: ['DT1', 'DT9'] })).toEqual(['DT_OUT_OF_SCOPE']);
    expect(codes({ dtAccessCodes: [ALL_DT_ACCESS] })).toEqual(['DT_ALL_NOT_HELD']);
    expect(codes({ dtAccessCodes: [] })).toEqual(['DT_ALL_NOT_HELD']);
    expect(codes({ bsa: ['Distributor', 'Ice Cream'] })).toEqual(['BSA_NOT_HELD']);
    expect(codes({ isSuperUser: true })).toEqual(['SUPER_USER_ONLY']);
    expect(codes({ role: 'Super User' })).toEqual(['SUPER_USER_ONLY']);
  });

  it('lets a Super User give every market, Super User rights and any known BSA', () => {
    const su = { ...admin, superUser: true, dtCodes: null, markets: [] };
    expect(
      codes({ markets: ['vn', 'bd'], isSuperUser: true, role: 'Super User', bsa: ['Ice Cream'] }, su),
    ).toEqual([]);
    expect(codes({ bsa: ['Spaceships'] }, su)).toEqual(['BSA_UNKNOWN']);
  });

  it('refuses a user beyond the admin, unknown roles, no market, and one’s own admin right', () => {
    expect(codes({}, admin, { ...user, markets: ['vn', 'bd'] })).toEqual(['TARGET_MARKET_NOT_HELD']);
    expect(codes({}, admin, { ...user, dtAccessCodes: [ALL_DT_ACCESS] })).toEqual(['TARGET_DT_OUT_OF_SCOPE']);
    expect(codes({ role: 'Emperor' })).toEqual(['ROLE_UNKNOWN']);
    expect(codes({ markets: [] })).toEqual(['MARKETS_REQUIRED']);
    expect(codes({ isAdmin: false }, admin, { ...user, isAdmin: true }, true)).toEqual(['OWN_ADMIN']);
    expect(codes({ isAdmin: false }, admin, { ...user, isAdmin: true }, false)).toEqual([]);
  });

  it('stores All (Super Access) alone', () => {
    expect(normaliseDtCodes([' DT1 ', ALL_DT_ACCESS, 'DT1'])).toEqual([ALL_DT_ACCESS]);
    expect(normaliseDtCodes(['DT2', ' DT1', 'DT2', ''])).toEqual(['DT2', 'DT1']);
  });
});
