import { describe, expect, it } from 'vitest';
import { storage } from './storage';

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
});
