import { describe, expect, it } from 'vitest';
import { allDtAccess, dtScope, inDtScope, type AccessSubject } from './access.js';

const user = (over: Partial<AccessSubject> = {}): AccessSubject => ({
  role: 'Team Leader',
  userType: 'user',
  accessToUcube: 'YES',
  accessToOperationalDashboards: 'YES',
  isSuperUser: 'NO',
  dtAccessCodes: 'DT01,DT02',
  ...over,
});

describe('DT scope (one rule for the server and the web)', () => {
  it('is the listed codes, trimmed, for a user limited to distributors', () => {
    expect(dtScope(user({ dtAccessCodes: ' DT01, DT02 ,,' }))).toEqual(['DT01', 'DT02']);
    expect(inDtScope(user(), 'DT02')).toBe(true);
    expect(inDtScope(user(), 'DT03')).toBe(false);
  });

  it('is null (every distributor) for no codes, All (Super Access) and super users', () => {
    for (const subject of [
      user({ dtAccessCodes: '' }),
      user({ dtAccessCodes: null }),
      user({ dtAccessCodes: 'All (Super Access)' }),
      user({ role: 'Super User', isSuperUser: 'YES' }),
    ]) {
      expect(allDtAccess(subject)).toBe(true);
      expect(dtScope(subject)).toBeNull();
      expect(inDtScope(subject, 'ANY')).toBe(true);
    }
  });
});
