import {
  COUNTRY_CODES,
  COUNTRY_STORAGE_FLAG,
  DEFAULT_COUNTRY,
  isCountryCode,
  type CountryCode,
} from '@fieldforce/contracts';

/** The local-storage keys of spec section 3, plus the interface language. */
export const STORAGE_KEYS = {
  countryCode: 'countryCode',
  uuid: 'UUID',
  email: 'email',
  selectedApp: 'selectedApp',
  adminAccess: 'adminAccess',
  loginType: 'loginType',
  language: 'language',
} as const;

/** Session markers of spec section 3; the sign-in issue writes them. */
export const SESSION_MARKER_KEYS = ['idToken', 'refreshToken', 'isSSOLogin', 'isMFALogin'] as const;

export type SelectedApp = 'ucube' | 'operational' | 'useraccess' | 'taskmanagement' | (string & {});
export type LoginType = 'SSO' | 'NON_SSO';
export const DEFAULT_LOGIN_TYPE: LoginType = 'NON_SSO';

// Storage can throw (privacy modes, quota, disabled storage); the portal must still render.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not persisted; the in-memory store still holds the value for this visit.
  }
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}

export const storage = {
  getCountryCode(): CountryCode {
    const value = read(STORAGE_KEYS.countryCode);
    return isCountryCode(value) ? value : DEFAULT_COUNTRY;
  },
  setCountryCode(code: CountryCode): void {
    write(STORAGE_KEYS.countryCode, code);
  },

  getSelectedApp(): SelectedApp | null {
    return read(STORAGE_KEYS.selectedApp);
  },
  setSelectedApp(app: SelectedApp): void {
    write(STORAGE_KEYS.selectedApp, app);
  },

  getEmail(): string | null {
    return read(STORAGE_KEYS.email);
  },
  setEmail(email: string): void {
    write(STORAGE_KEYS.email, email);
  },

  getAdminAccess(): boolean {
    return read(STORAGE_KEYS.adminAccess) === 'true';
  },
  setAdminAccess(value: boolean): void {
    write(STORAGE_KEYS.adminAccess, String(value));
  },

  getLoginType(): LoginType {
    return read(STORAGE_KEYS.loginType) === 'SSO' ? 'SSO' : DEFAULT_LOGIN_TYPE;
  },
  setLoginType(type: LoginType): void {
    write(STORAGE_KEYS.loginType, type);
  },

  getLanguage(): string | null {
    return read(STORAGE_KEYS.language);
  },
  setLanguage(language: string): void {
    write(STORAGE_KEYS.language, language);
  },

  /** The device UUID used to build the device ID (spec section 7); created once and kept. */
  getOrCreateUuid(): string {
    const existing = read(STORAGE_KEYS.uuid);
    if (existing) return existing;
    const created = crypto.randomUUID();
    write(STORAGE_KEYS.uuid, created);
    return created;
  },

  /** Per-country flags (isVietnam, ...) for every country the user holds; the others are removed. */
  setCountryFlags(codes: readonly string[]): void {
    for (const code of COUNTRY_CODES) {
      if (codes.includes(code)) write(COUNTRY_STORAGE_FLAG[code], 'true');
      else remove(COUNTRY_STORAGE_FLAG[code]);
    }
  },
  getCountryFlags(): CountryCode[] {
    return COUNTRY_CODES.filter((code) => read(COUNTRY_STORAGE_FLAG[code]) === 'true');
  },
  clearCountryFlags(): void {
    for (const code of COUNTRY_CODES) remove(COUNTRY_STORAGE_FLAG[code]);
  },

  /** What sign-out removes locally (spec section 4: tokens and country flags). */
  clearSession(): void {
    for (const key of SESSION_MARKER_KEYS) remove(key);
    remove(STORAGE_KEYS.adminAccess);
    this.clearCountryFlags();
  },
};
