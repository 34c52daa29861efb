import { describe, expect, it, vi } from 'vitest';
import { randomUuid, storage } from './storage';

describe('storage', () => {
  it('defaults the country to vn and the login type to NON_SSO', () => {
    expect(storage.getCountryCode()).toBe('vn');
    expect(storage.getLoginType()).toBe('NON_SSO');
  });

  it('writes the spec key names', () => {
    storage.setCountryCode('pk');
    storage.setSelectedApp('ucube');
    storage.setAdminAccess(true);
    storage.setLoginType('SSO');
    storage.setEmail('a@example.com');
    expect({ ...window.localStorage }).toMatchObject({
      countryCode: 'pk',
      selectedApp: 'ucube',
      adminAccess: 'true',
      loginType: 'SSO',
      email: 'a@example.com',
    });
  });

  it('sets one flag per held country and removes the others', () => {
    window.localStorage.setItem('isBangladesh', 'true');
    storage.setCountryFlags(['id', 'idic', 'vn']);
    expect(storage.getCountryFlags()).toEqual(['id', 'idic', 'vn']);
    expect(window.localStorage.getItem('isIndonesiaIc')).toBe('true');
    expect(window.localStorage.getItem('isBangladesh')).toBeNull();
    storage.clearCountryFlags();
    expect(storage.getCountryFlags()).toEqual([]);
  });

  it('creates the device UUID once', () => {
    const first = storage.getOrCreateUuid();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(storage.getOrCreateUuid()).toBe(first);
    expect(window.localStorage.getItem('UUID')).toBe(first);
  });

  it('creates the device UUID over plain http too, where crypto.randomUUID does not exist (a LAN address)', () => {
    window.localStorage.removeItem('UUID');
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    try {
      const uuid = storage.getOrCreateUuid();
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(randomUuid()).not.toBe(uuid);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
