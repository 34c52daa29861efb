import type { UserDetails } from '@fieldforce/contracts';

/** A signed-in user as the profile call returns it; override what a test is about. */
export function buildUser(overrides: Partial<UserDetails> = {}): UserDetails {
  return {
    id: 'u-1',
    name: 'Nguyen Van An',
    email: 'an@example.com',
    role: 'Area Sales Manager',
    userType: 'user',
    accessToUcube: 'YES',
    accessToOperationalDashboards: 'YES',
    isSuperUser: 'NO',
    dtAccessCodes: 'DT01,DT02',
    countryCode: 'vn',
    bsa: ['Ice Cream', 'Distributor'],
    lastLoginAt: null,
    ...overrides,
  };
}
