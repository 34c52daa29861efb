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

/** Session markers of spec section 3, written at sign-in. */
export const SESSION_MARKER_KEYS = ['idToken', 'refreshToken', 'isSSOLogin', 'isMFALogin'] as const;

/**
 * The refresh token itself is an HttpOnly cookie the page cannot read; localStorage `refreshToken`
 * only records that one was issued, so the client knows whether a refresh can be tried (spec section 4).
 */
export const REFRESH_TOKEN_MARKER = 'httpOnly-cookie';

/** A notice for the sign-in screen after the session ended (sessionStorage: this tab only). */
const LOGIN_NOTICE_KEY = 'loginNotice';
/** Set when this sign-in ended the user's earliest device session (the 10-device cap). */
const EVICTED_NOTICE_KEY = 'evictedNotice';

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

/**
 * A version 4 UUID. crypto.randomUUID exists only in secure contexts (https and localhost), so a portal
 * opened by its LAN address over http builds one from crypto.getRandomValues, which exists everywhere.
 */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = decodeURIComponent(rest.join('='));
      return value || null;
    }
  }
  return null;
}

/** The readable idToken cookie; the HttpOnly refresh cookie is cleared by the server's logout. */
function expireCookie(name: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Strict`;
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
    const created = randomUuid();
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

  /** The id token: localStorage `idToken`, else the `idToken` cookie the server set (spec section 3). */
  getIdToken(): string | null {
    return read('idToken') ?? readCookie('idToken');
  },
  setIdToken(token: string): void {
    write('idToken', token);
  },
  hasRefreshToken(): boolean {
    return read('refreshToken') !== null;
  },
  /** Written after a completed sign-in. */
  setSessionMarkers(markers: { idToken: string; sso: boolean; mfa: boolean }): void {
    write('idToken', markers.idToken);
    write('refreshToken', REFRESH_TOKEN_MARKER);
    write('isSSOLogin', String(markers.sso));
    write('isMFALogin', String(markers.mfa));
  },

  setLoginNotice(message: string): void {
    try {
      window.sessionStorage.setItem(LOGIN_NOTICE_KEY, message);
    } catch {
      // The sign-in screen simply shows no notice.
    }
  },
  getLoginNotice(): string | null {
    try {
      return window.sessionStorage.getItem(LOGIN_NOTICE_KEY);
    } catch {
      return null;
    }
  },
  setEvictedNotice(value: boolean): void {
    try {
      if (value) window.sessionStorage.setItem(EVICTED_NOTICE_KEY, 'true');
      else window.sessionStorage.removeItem(EVICTED_NOTICE_KEY);
    } catch {
      // The notice is a courtesy.
    }
  },
  getEvictedNotice(): boolean {
    try {
      return window.sessionStorage.getItem(EVICTED_NOTICE_KEY) === 'true';
    } catch {
      return false;
    }
  },
  clearLoginNotice(): void {
    try {
      window.sessionStorage.removeItem(LOGIN_NOTICE_KEY);
    } catch {
      // Nothing stored.
    }
  },

  /** What sign-out removes locally (spec section 4: tokens and country flags). */
  clearSession(): void {
    for (const key of SESSION_MARKER_KEYS) remove(key);
    expireCookie('idToken');
    remove(STORAGE_KEYS.adminAccess);
    this.clearCountryFlags();
  },
};
