import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initialClientState, useClientStore } from '../../lib/store';
import { buildUser } from '../../test/factories';
import { fakeSession } from '../../test/session';
import { ok } from '@fieldforce/contracts';
import { renderRoutes } from '../../test/render';
import { ReportsHeader } from './reports-header';
import { UcubeHeader } from './ucube-header';

const renderHeader = (header: 'ucube' | 'reports', path = '/') =>
  renderRoutes(
    [
      { path: '*', element: header === 'ucube' ? <UcubeHeader /> : <ReportsHeader /> },
      { path: '/login', element: <p>login screen</p> },
    ],
    path,
  );

beforeEach(() => {
  useClientStore.setState(initialClientState());
});

describe('UCube header', () => {
  it('signed out: greeting without a name, the stored country, a sign-in link and no area links', () => {
    window.localStorage.setItem('countryCode', 'th');
    useClientStore.setState(initialClientState());
    renderHeader('ucube', '/homepage');
    const banner = screen.getByRole('banner');
    expect(within(banner).getAllByText('Hello').length).toBeGreaterThan(0);
    expect(within(banner).getAllByText('Thailand').length).toBeGreaterThan(0);
    expect(
      within(banner).getByRole('link', { name: 'Back to the landing screen' }).getAttribute('href'),
    ).toBe('/');
    expect(within(banner).queryByRole('link', { name: 'UCube' })).toBeNull();
    expect(within(banner).getAllByRole('link', { name: 'Sign in' }).length).toBeGreaterThan(0);
  });

  it('shows each link behind its access rule', () => {
    useClientStore
      .getState()
      .setUserDetails(buildUser({ userType: 'user', accessToOperationalDashboards: 'NO' }));
    renderHeader('ucube');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'UCube' }).getAttribute('href')).toBe('/homepage');
    expect(within(nav).queryByRole('link', { name: 'Reports & Analytics Home' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'User management' })).toBeNull();
  });

  it('logs out: clears the user and goes to /login', async () => {
    useClientStore.getState().setUserDetails(buildUser({ userType: 'admin' }));
    const router = renderHeader('ucube');
    expect(screen.getByRole('link', { name: 'User management' }).getAttribute('href')).toBe('/useraccess');
    act(() => screen.getAllByRole('button', { name: 'Log out' })[0]?.click());
    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(useClientStore.getState().userDetails).toBeNull();
  });
});

/** An admin of id whose market has two admin tools (the server's `admin/tools`); the fetch mock. */
function signInAdminOfId() {
  const user = buildUser({ userType: 'admin' });
  const can = { view: true, edit: true, upload: true, export: true };
  const fetchMock = fakeSession(user, {
    extra: (url) =>
      url.includes('admin/tools')
        ? {
            body: ok({
              tools: [
                { key: 'userAccess', path: '/useraccess', can },
                { key: 'outletStatus', path: '/outletStatus', can },
              ],
            }),
          }
        : undefined,
  });
  useClientStore.getState().setSelectedCountryCode('id');
  useClientStore.getState().setUserDetails(user);
  return fetchMock;
}

describe('reports header', () => {
  it('lets only a super user pick the country, and stores the choice', () => {
    useClientStore.getState().setUserDetails(buildUser({ role: 'Super User', isSuperUser: 'YES' }));
    renderHeader('reports', '/reportpage');
    const select = screen.getAllByRole('combobox', { name: 'Country' })[0] as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'pk' } });
    expect(useClientStore.getState().selectedCountryCode).toBe('pk');
    expect(window.localStorage.getItem('countryCode')).toBe('pk');
  });

  it('shows a fixed country label to everyone else', () => {
    useClientStore.getState().setUserDetails(buildUser());
    renderHeader('reports', '/reportpage');
    expect(screen.queryByRole('combobox', { name: 'Country' })).toBeNull();
  });

  it('shows three DT access entries in the profile popup and toggles the rest', () => {
    useClientStore.getState().setUserDetails(buildUser({ dtAccessCodes: 'DT1,DT2,DT3,DT4,DT5' }));
    renderHeader('reports', '/reportpage');
    act(() => screen.getByRole('button', { name: 'Open profile' }).click());
    const profile = screen.getByRole('group', { name: 'Profile' });
    expect(within(profile).getAllByRole('listitem')).toHaveLength(3);
    act(() => within(profile).getByRole('button', { name: 'Show all (5)' }).click());
    expect(within(profile).getAllByRole('listitem')).toHaveLength(5);
    act(() => within(profile).getByRole('button', { name: 'Show less' }).click());
    expect(within(profile).getAllByRole('listitem')).toHaveLength(3);
  });

  it('lists the admin entries the server gives for the market in the mobile menu', async () => {
    const fetchMock = signInAdminOfId();
    renderHeader('reports', '/reportpage');
    act(() => screen.getByRole('button', { name: 'Open menu' }).click());
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    const admin = within(menu).getByRole('region', { name: 'Administration' });
    await within(admin).findByRole('link', { name: 'User Access Management' });
    const labels = within(admin)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual([
      'Admin configuration',
      'User Access Management',
      'Outlet Status - Online / Offline',
    ]);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('admin/tools?countryCode=id'))).toBe(
      true,
    );
  });

  it('opens the admin page and every tool the server gives from the desktop header, marking the current one', async () => {
    signInAdminOfId();
    renderHeader('reports', '/outletStatus');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const trigger = within(nav).getByRole('button', { name: 'Admin configuration' });
    act(() => trigger.click());
    const panel = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    await within(panel).findByRole('link', { name: 'User Access Management' });
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'All admin tools and market settings',
      'User Access Management',
      'Outlet Status - Online / Offline',
    ]);
    expect(
      within(panel)
        .getByRole('link', { name: 'Outlet Status - Online / Offline' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(trigger.className).toContain('nav-link--current');
  });

  it('names the Reports & Analytics area beside the brand, except on the landing screen where none is chosen yet', () => {
    useClientStore.getState().setUserDetails(buildUser({ userType: 'user' }));
    renderHeader('reports', '/reportpage');
    expect(document.querySelector('.site-header__area')?.textContent).toBe('Reports & Analytics');
    cleanup();
    renderHeader('reports', '/landingscreen');
    expect(document.querySelector('.site-header__area')).toBeNull();
  });

  it("opens 'Add Salesman BG Mapping' as a modal dialog from 'Add SalesPerson Info', not for id", () => {
    useClientStore.getState().setUserDetails(buildUser({ userType: 'admin' }));
    renderHeader('reports', '/reportpage');
    const trigger = screen.getAllByRole('button', { name: 'Add SalesPerson Info' })[0]!;
    act(() => trigger.click());
    const dialog = screen.getByRole('dialog', { name: 'Add Salesman BG Mapping' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => useClientStore.getState().setSelectedCountryCode('id'));
    expect(screen.queryByRole('button', { name: 'Add SalesPerson Info' })).toBeNull();
  });

  it('lists my devices by browser and system, with the last use as dd-MMM-yy | HH:mm, and signs another one out', async () => {
    const user = buildUser();
    const windows =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    const devices = [
      {
        id: 's1',
        deviceId: `${windows} 0b6f3a52-1111-4c1e-9a55-3c1f2e0d9a01`,
        loginType: 'NON_SSO',
        createdAt: '2026-11-01T00:00:00Z',
        lastSeenAt: '2026-11-20T08:00:00Z',
        current: true,
        label: { browser: 'Chrome 131', os: 'Windows', privateWindow: false },
      },
      {
        id: 's2',
        deviceId: `${iphone} 7d2e8c14-2222-4b7a-8f00-9e4d1c2b3a02 incognito`,
        loginType: 'NON_SSO',
        createdAt: '2026-11-02T00:00:00Z',
        lastSeenAt: '2026-11-19T08:00:00Z',
        current: false,
        label: { browser: 'Safari 17', os: 'iOS', privateWindow: true },
      },
    ];
    const fetchMock = fakeSession(user, {
      extra: (url, init) => {
        if (url.includes('fb/accounts/devices/s2') && init.method === 'DELETE') {
          return { body: ok({ message: 'The device was signed out.' }) };
        }
        if (url.includes('fb/accounts/devices')) return { body: ok({ devices, maxDevices: 10 }) };
        return undefined;
      },
    });
    useClientStore.getState().setUserDetails(user);
    renderHeader('reports', '/reportpage');
    act(() => screen.getByRole('button', { name: 'Open profile' }).click());
    const list = await screen.findByRole('list', { name: 'My devices' });
    const [mine, other] = within(list).getAllByRole('listitem');
    expect(mine?.textContent).toContain('Chrome 131 on Windows');
    expect(within(mine!).getByText('This device')).toBeTruthy();
    expect(other?.textContent).toContain('Safari 17 on iOS');
    expect(other?.textContent).toContain('Private window');
    // Spec section 5: dd-MMM-yy | HH:mm, 24 hours (in this browser's time zone).
    expect(mine?.textContent).toMatch(/Last used (19|20)-Nov-26 \| [0-2]\d:[0-5]\d/);
    // No raw user agents or UUIDs.
    expect(list.textContent).not.toContain('Mozilla');
    expect(list.textContent).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    act(() => within(list).getByRole('button', { name: 'Sign out Safari 17 on iOS' }).click());
    await vi.waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, i]) => String(u).includes('devices/s2') && (i as RequestInit).method === 'DELETE',
        ),
      ).toBe(true),
    );
  });
});
