import { LOGIN_MESSAGES } from '@fieldforce/contracts';
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { buildRoutes } from '../../../app/router';
import { configureApiClient } from '../../../lib/api-client';
import { initialClientState, useClientStore } from '../../../lib/store';
import { buildUser } from '../../../test/factories';
import { fakeSession } from '../../../test/session';

const renderAt = (path: string) =>
  renderRoutes(buildRoutes(), path, {
    beforeRender: (router) =>
      configureApiClient({ navigate: (to) => void router.navigate(to, { replace: true }) }),
  });

beforeEach(() => {
  useClientStore.setState(initialClientState());
});

describe('session startup (spec section 4)', () => {
  it('loads the profile into the store: sorted BSA, level, access flags, country flags', async () => {
    const fetchMock = fakeSession(
      buildUser({
        role: 'Team Leader',
        bsa: ['Ice Cream', 'Distributor'],
        countryCode: 'vn,ph',
        userType: 'admin',
      }),
    );
    renderAt('/');
    expect(screen.getByRole('status').textContent).toBe('Loading your profile…');
    await screen.findByRole('heading', { level: 1, name: 'Where would you like to start?' });
    const state = useClientStore.getState();
    expect(state.selectedBsa).toBe('Distributor');
    expect(state.level).toBe('LEVEL5');
    expect(state.adminAccess).toBe(true);
    expect(window.localStorage.getItem('isVietnam')).toBe('true');
    expect(window.localStorage.getItem('isPhilipines')).toBe('true');
    expect(screen.getByRole('list', { name: 'Areas' }).textContent).toContain('User management');
    const urls = fetchMock.mock.calls.map(([u]) => String(u));
    expect(urls.some((u) => u.includes('checkActiveStatus'))).toBe(true);
    expect(urls.some((u) => u.includes('fb/users/profile?countryCode=vn'))).toBe(true);
  });

  it('sends an evicted device to /login with the max-10-devices message', async () => {
    fakeSession(buildUser(), {
      status: { sessionAllowed: false, reason: 'evicted', message: LOGIN_MESSAGES.maxDevices },
    });
    const router = renderAt('/');
    expect(await screen.findByText(LOGIN_MESSAGES.maxDevices)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('idToken')).toBeNull();
  });

  it('forces the password change before anything else when the password expired', async () => {
    fakeSession(buildUser(), { status: { passwordExpired: true, message: LOGIN_MESSAGES.passwordExpired } });
    renderAt('/');
    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain(LOGIN_MESSAGES.passwordExpired);
    expect(screen.queryByRole('heading', { level: 1, name: 'Where would you like to start?' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('warns when the password expires within a few days', async () => {
    fakeSession(buildUser(), {
      status: { passwordExpiresInDays: 3, message: LOGIN_MESSAGES.passwordExpiryWarning(3) },
    });
    renderAt('/');
    expect(
      await screen.findByText('Your password will expire soon. Please reset it within 3 days.'),
    ).toBeTruthy();
  });

  it('takes over the cookie session an SSO sign-in leaves behind', async () => {
    const user = buildUser({ email: 'sso@example.com' });
    const fetchMock = fakeSession(user);
    window.localStorage.clear();
    const payload = btoa(JSON.stringify({ email: 'sso@example.com', lt: 'SSO', sid: 's1' }));
    document.cookie = `idToken=header.${payload}.signature; path=/`;
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'Where would you like to start?' });
    expect(window.localStorage.getItem('email')).toBe('sso@example.com');
    expect(window.localStorage.getItem('loginType')).toBe('SSO');
    expect(window.localStorage.getItem('isSSOLogin')).toBe('true');
    const store = fetchMock.mock.calls.find(([u]) => String(u).includes('storeSession'));
    expect(JSON.parse(String((store?.[1] as RequestInit).body))).toMatchObject({
      username: 'sso@example.com',
      loginType: 'SSO',
    });
    document.cookie = 'idToken=; path=/; max-age=0';
  });

  it('says once, in a toast that closes by itself after 5 s, that this sign-in signed the earliest device out', async () => {
    const text = 'You can be signed in on at most 10 devices; a new login logs out the earliest session.';
    fakeSession(buildUser());
    window.sessionStorage.setItem('evictedNotice', 'true');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderAt('/');
      const notice = await screen.findByText(text);
      expect(notice.closest('[role="status"]')).not.toBeNull();
      expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
      act(() => void vi.advanceTimersByTime(4_000));
      expect(screen.queryByText(text)).not.toBeNull();
      act(() => void vi.advanceTimersByTime(1_100));
      expect(screen.queryByText(text)).toBeNull();
      expect(window.sessionStorage.getItem('evictedNotice')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
