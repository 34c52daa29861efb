import { describe, expect, it } from 'vitest';
import { buildDeviceId, getDeviceId, isIncognitoQuota, resetDeviceIdCache } from './device-id';

describe('device id (spec section 7)', () => {
  it('is the user agent plus the UUID, with incognito in private windows', () => {
    expect(buildDeviceId('Agent/1.0', 'u-1', false)).toBe('Agent/1.0 u-1');
    expect(buildDeviceId('Agent/1.0', 'u-1', true)).toBe('Agent/1.0 u-1 incognito');
  });

  it('takes a small storage quota as a private window', () => {
    expect(isIncognitoQuota(100 * 1024 * 1024)).toBe(true);
    expect(isIncognitoQuota(20 * 1024 * 1024 * 1024)).toBe(false);
    expect(isIncognitoQuota(undefined)).toBe(false);
    expect(isIncognitoQuota(0)).toBe(false);
  });

  it('creates the UUID once and keeps it in localStorage UUID', async () => {
    resetDeviceIdCache();
    const first = await getDeviceId();
    const uuid = window.localStorage.getItem('UUID');
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).toBe(`${navigator.userAgent} ${uuid}`);
    resetDeviceIdCache();
    expect(await getDeviceId()).toBe(first);
  });
});
