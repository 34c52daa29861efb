import {
  adminAccess,
  dtScope,
  masterReportsAccess,
  opsReportAccess,
  sortBsa,
  splitList,
  superUserAccess,
  ucubeAccess,
  type AccessSubject,
  type CountryCode,
  type UserDetails,
} from '@fieldforce/contracts';
import { create } from 'zustand';
import { storage } from './storage';

// Access derivations of spec sections 4 and 6. The rules themselves live in @fieldforce/contracts so
// the server's authorization and these guards cannot drift apart; a missing user has no access.
export function deriveAdminAccess(user: AccessSubject | null): boolean {
  return user ? adminAccess(user) : false;
}

export function deriveUcubeAccess(user: AccessSubject | null): boolean {
  return user ? ucubeAccess(user) : false;
}

export function deriveOpsReportAccess(user: AccessSubject | null): boolean {
  return user ? opsReportAccess(user) : false;
}

/** The DT scope (contracts' dtScope: the DT codes, or null for every distributor); none signed in: []. */
export function deriveDtScope(user: AccessSubject | null): string[] | null {
  return user ? dtScope(user) : [];
}

/** Only a Super User whose isSuperUser is YES may switch country (spec section 6). */
export function canSwitchCountry(user: AccessSubject | null): boolean {
  return user ? superUserAccess(user) : false;
}

/** Master reports: operational access and all distributors (super user or no DT restriction). */
export function canSeeMasterReports(user: AccessSubject | null): boolean {
  return user ? masterReportsAccess(user) : false;
}

/** A changed outlet-status row; only outletCode is named by the spec. */
export interface ChangedStatus {
  outletCode: string;
  [field: string]: unknown;
}

export interface ClientState {
  userDetails: UserDetails | null;
  selectedBsa: string | null;
  level: string | null;
  selectedCountryCode: CountryCode;
  /** The DT codes the user is limited to; null when they see every distributor. */
  dtScope: string[] | null;
  adminAccess: boolean;
  ucubeAccess: boolean;
  opsReportAccess: boolean;
  changedStatuses: ChangedStatus[];
}

export interface ClientActions {
  /**
   * Called with the profile answer; sorts the BSA list and selects its first entry (spec section 4), and
   * stores the market, admin access and country flags in local storage (spec section 3).
   */
  setUserDetails(user: UserDetails | null): void;
  setSelectedBsa(bsa: string): void;
  setLevel(level: string | null): void;
  setSelectedCountryCode(code: CountryCode): void;
  addChangedStatus(item: ChangedStatus): void;
  removeChangedStatus(outletCode: string): void;
  clearChangedStatuses(): void;
  /** Local half of sign-out: forget the user and the session markers. */
  signOut(): void;
}

export type ClientStore = ClientState & ClientActions;

const signedOut = {
  userDetails: null,
  selectedBsa: null,
  level: null,
  dtScope: [],
  adminAccess: false,
  ucubeAccess: false,
  opsReportAccess: false,
  changedStatuses: [],
} satisfies Omit<ClientState, 'selectedCountryCode'>;

export function initialClientState(): ClientState {
  return { ...signedOut, selectedCountryCode: storage.getCountryCode() };
}

export const useClientStore = create<ClientStore>()((set, get) => ({
  ...initialClientState(),

  setUserDetails(user) {
    if (!user) {
      set({ ...signedOut });
      return;
    }
    const country = get().selectedCountryCode;
    const bsa = sortBsa(user.bsa, country);
    const adminAccess = deriveAdminAccess(user);
    // Spec section 3: every signed-in user has `countryCode` in local storage, not only after a switch.
    storage.setCountryCode(country);
    storage.setAdminAccess(adminAccess);
    storage.setCountryFlags(splitList(user.countryCode.toLowerCase()));
    set({
      userDetails: { ...user, bsa },
      selectedBsa: bsa[0] ?? null,
      dtScope: deriveDtScope(user),
      adminAccess,
      ucubeAccess: deriveUcubeAccess(user),
      opsReportAccess: deriveOpsReportAccess(user),
    });
  },
  setSelectedBsa(selectedBsa) {
    set({ selectedBsa });
  },
  setLevel(level) {
    set({ level });
  },
  setSelectedCountryCode(selectedCountryCode) {
    storage.setCountryCode(selectedCountryCode);
    set({ selectedCountryCode });
  },
  addChangedStatus(item) {
    set((state) => ({ changedStatuses: [...state.changedStatuses, item] }));
  },
  removeChangedStatus(outletCode) {
    set((state) => ({
      changedStatuses: state.changedStatuses.filter((item) => item.outletCode !== outletCode),
    }));
  },
  clearChangedStatuses() {
    set({ changedStatuses: [] });
  },
  signOut() {
    storage.clearSession();
    set({ ...signedOut });
  },
}));
