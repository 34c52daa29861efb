import { beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../test/factories';
import {
  canSeeMasterReports,
  canSwitchCountry,
  deriveAdminAccess,
  deriveDtScope,
  deriveOpsReportAccess,
  deriveUcubeAccess,
  initialClientState,
  useClientStore,
} from './store';

describe('access derivations', () => {
  it('adminAccess is userType admin', () => {
    expect(deriveAdminAccess(buildUser({ userType: 'admin' }))).toBe(true);
    expect(deriveAdminAccess(buildUser({ userType: 'user' }))).toBe(false);
    expect(deriveAdminAccess(buildUser({ userType: 'Admin' }))).toBe(false);
    expect(deriveAdminAccess(null)).toBe(false);
  });

  it('ucubeAccess needs accessToUcube YES and a role', () => {
    expect(deriveUcubeAccess(buildUser())).toBe(true);
    expect(deriveUcubeAccess(buildUser({ accessToUcube: 'NO' }))).toBe(false);
    expect(deriveUcubeAccess({ ...buildUser(), role: null })).toBe(false);
    expect(deriveUcubeAccess({ ...buildUser(), role: '' })).toBe(false);
    expect(deriveUcubeAccess(null)).toBe(false);
  });

  it('opsReportAccess is accessToOperationalDashboards YES', () => {
    expect(deriveOpsReportAccess(buildUser())).toBe(true);
    expect(deriveOpsReportAccess(buildUser({ accessToOperationalDashboards: 'NO' }))).toBe(false);
    expect(deriveOpsReportAccess(null)).toBe(false);
  });

  it('the DT scope splits the comma-separated codes; null when the user sees every distributor', () => {
    expect(deriveDtScope(buildUser({ dtAccessCodes: ' DT01, DT02 ,,DT03' }))).toEqual([
      'DT01',
      'DT02',
      'DT03',
    ]);
    expect(deriveDtScope(buildUser({ dtAccessCodes: '' }))).toBeNull();
    expect(deriveDtScope(buildUser({ dtAccessCodes: 'All (Super Access)' }))).toBeNull();
    // A super user sees every distributor whatever codes their account lists.
    expect(
      deriveDtScope(buildUser({ role: 'Super User', isSuperUser: 'YES', dtAccessCodes: 'DT01' })),
    ).toBeNull();
    expect(deriveDtScope(null)).toEqual([]);
  });

  it('only a Super User with isSuperUser YES may switch country', () => {
    expect(canSwitchCountry(buildUser({ role: 'Super User', isSuperUser: 'YES' }))).toBe(true);
    expect(canSwitchCountry(buildUser({ role: 'Super User', isSuperUser: 'NO' }))).toBe(false);
    expect(canSwitchCountry(buildUser({ role: 'CD VP', isSuperUser: 'YES' }))).toBe(false);
  });

  it('master reports: operational access and all distributors', () => {
    const superUser = { role: 'Super User', isSuperUser: 'YES' } as const;
    expect(canSeeMasterReports(buildUser())).toBe(false);
    expect(canSeeMasterReports(buildUser(superUser))).toBe(true);
    expect(canSeeMasterReports(buildUser({ isSuperUser: 'YES' }))).toBe(false);
    expect(canSeeMasterReports(buildUser({ dtAccessCodes: '' }))).toBe(true);
    expect(canSeeMasterReports(buildUser({ dtAccessCodes: 'All (Super Access)' }))).toBe(true);
    expect(canSeeMasterReports(buildUser({ ...superUser, accessToOperationalDashboards: 'NO' }))).toBe(false);
    expect(canSeeMasterReports(null)).toBe(false);
  });
});

describe('client store', () => {
  beforeEach(() => {
    window.localStorage.clear();
    useClientStore.setState(initialClientState());
  });

  it('starts with no user, no access and country vn', () => {
    const state = useClientStore.getState();
    expect(state.userDetails).toBeNull();
    expect(state.selectedCountryCode).toBe('vn');
    expect([state.adminAccess, state.ucubeAccess, state.opsReportAccess]).toEqual([false, false, false]);
    expect(state.changedStatuses).toEqual([]);
  });

  it('reads the country from localStorage and ignores unknown codes', () => {
    window.localStorage.setItem('countryCode', 'th');
    expect(initialClientState().selectedCountryCode).toBe('th');
    window.localStorage.setItem('countryCode', 'xx');
    expect(initialClientState().selectedCountryCode).toBe('vn');
  });

  it('setUserDetails derives access, sorts the BSA list and selects its first entry', () => {
    useClientStore.getState().setUserDetails(buildUser({ userType: 'admin', countryCode: 'vn,TH' }));
    const state = useClientStore.getState();
    expect(state.userDetails?.bsa).toEqual(['Distributor', 'Ice Cream']);
    expect(state.selectedBsa).toBe('Distributor');
    expect(state.adminAccess).toBe(true);
    expect(state.ucubeAccess).toBe(true);
    expect(state.opsReportAccess).toBe(true);
    expect(state.dtScope).toEqual(['DT01', 'DT02']);
    expect(window.localStorage.getItem('adminAccess')).toBe('true');
    expect(window.localStorage.getItem('isVietnam')).toBe('true');
    expect(window.localStorage.getItem('isThailand')).toBe('true');
    expect(window.localStorage.getItem('isPakistan')).toBeNull();
  });

  it('keeps countryCode in local storage for every signed-in user, not only after a country switch', () => {
    expect(window.localStorage.getItem('countryCode')).toBeNull();
    useClientStore.getState().setUserDetails(buildUser({ countryCode: 'vn' }));
    expect(window.localStorage.getItem('countryCode')).toBe('vn');
  });

  it('uses the idic BSA order when the selected country is idic', () => {
    useClientStore.getState().setSelectedCountryCode('idic');
    useClientStore.getState().setUserDetails(buildUser({ bsa: ['Distributor', 'New Channel', 'Ice Cream'] }));
    expect(useClientStore.getState().selectedBsa).toBe('Ice Cream');
    expect(window.localStorage.getItem('countryCode')).toBe('idic');
  });

  it('adds, removes by outletCode and clears changed statuses', () => {
    const store = useClientStore.getState();
    store.addChangedStatus({ outletCode: 'O1', status: 1 });
    store.addChangedStatus({ outletCode: 'O2', status: 0 });
    store.addChangedStatus({ outletCode: 'O3', status: 1 });
    useClientStore.getState().removeChangedStatus('O2');
    expect(useClientStore.getState().changedStatuses.map((s) => s.outletCode)).toEqual(['O1', 'O3']);
    useClientStore.getState().clearChangedStatuses();
    expect(useClientStore.getState().changedStatuses).toEqual([]);
  });

  it('signOut forgets the user and the session markers but keeps the country', () => {
    useClientStore.getState().setSelectedCountryCode('ph');
    useClientStore.getState().setUserDetails(buildUser({ userType: 'admin', countryCode: 'ph' }));
    window.localStorage.setItem('idToken', 'token');
    useClientStore.getState().signOut();
    const state = useClientStore.getState();
    expect(state.userDetails).toBeNull();
    expect(state.adminAccess).toBe(false);
    expect(state.selectedCountryCode).toBe('ph');
    expect(window.localStorage.getItem('idToken')).toBeNull();
    expect(window.localStorage.getItem('isPhilipines')).toBeNull();
    expect(window.localStorage.getItem('adminAccess')).toBeNull();
  });
});
