import { act, render, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialClientState, useClientStore } from '../lib/store';
import { buildUser } from '../test/factories';
import { renderRoutes } from '../test/render';
import { fakeSession } from '../test/session';
import { ChunkLoadTimeoutError, lazyPage, withTimeout } from './lazy-page';
import { createPages, PAGE_LOADERS } from './pages';
import { AppProviders } from './providers';
import { buildRoutes } from './router';

const renderAt = (path: string, pages = createPages()) => renderRoutes(buildRoutes(pages), path);

beforeEach(() => {
  useClientStore.setState(initialClientState());
});

// These tests are about guards and layout, not how long the test runner takes to transform a screen's
// module graph: the User Access screen is large, and on a loaded machine its first import alone can
// outlast findByRole's wait. Load it once up front.
beforeAll(async () => {
  await PAGE_LOADERS.userAccess();
}, 60_000);

describe('router', () => {
  it("shows 'loading...' and then the page", async () => {
    renderAt('/login');
    expect(screen.getByRole('status').textContent).toBe('loading...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it.each(['/nowhere', '/login/extra', '/OutletStatus', '/outletstatus', '/LOGIN'])(
    'redirects %s to /login',
    async (path) => {
      const router = renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it.each(['/useraccess', '/teamlevels', '/reportpage', '/outletStatus'])(
    'sends a signed-out visitor from %s to /login',
    async (path) => {
      const router = renderAt(path);
      await screen.findByRole('heading', { level: 1, name: 'Sign in' });
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('sends a signed-in user without the access to the landing screen', async () => {
    const user = buildUser({ userType: 'user' });
    fakeSession(user);
    useClientStore.getState().setUserDetails(user);
    const router = renderAt('/useraccess');
    await screen.findByRole('heading', { level: 1, name: 'Where would you like to start?' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens a guarded screen with the access, with the reports header and selectedApp', async () => {
    const admin = buildUser({ userType: 'admin' });
    fakeSession(admin);
    useClientStore.getState().setUserDetails(admin);
    renderAt('/useraccess');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Access Management' })).toBeTruthy();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('button', { name: /Transactional Reports/ })).toBeTruthy();
    // Admins see an 'Admin configuration' entry (spec section 2): a menu of the admin page and every tool.
    expect(within(banner).getByRole('button', { name: 'Admin configuration' })).toBeTruthy();
    expect(window.localStorage.getItem('selectedApp')).toBe('useraccess');
    expect(document.title).toBe('User Access Management · Fieldforce');
  });

  it('sends a visitor without an id token from /homepage to /login (spec section 4)', async () => {
    const router = renderAt('/homepage');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the UCube header on /homepage and records selectedApp ucube', async () => {
    fakeSession(buildUser({ name: 'Tran Thi Binh' }));
    renderAt('/homepage');
    await screen.findByRole('heading', { level: 1, name: 'UCube' });
    const banner = screen.getByRole('banner');
    expect((await within(banner).findAllByText('Hello, Tran Thi Binh')).length).toBeGreaterThan(0);
    expect(within(banner).getAllByText('Vietnam').length).toBeGreaterThan(0);
    expect(window.localStorage.getItem('selectedApp')).toBe('ucube');
  });

  it('hides Master Reports without all-DT access and shows it with it', async () => {
    fakeSession(buildUser({ dtAccessCodes: 'DT01' }));
    renderAt('/reportpage?reportName=Product%20Master&reportCategory=masterreports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product Master' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Master Reports/ })).toBeNull();
    act(() => useClientStore.getState().setUserDetails(buildUser({ dtAccessCodes: '' })));
    expect(screen.getByRole('button', { name: /Master Reports/ })).toBeTruthy();
  });
});

describe('lazy screens', () => {
  it('shows a load error when the chunk fails, and loads on retry', async () => {
    let calls = 0;
    const Page = lazyPage(async () => {
      calls += 1;
      if (calls === 1) throw new Error('Failed to fetch dynamically imported module');
      return { default: () => <h1>Loaded</h1> };
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppProviders language="en">
        <Page />
      </AppProviders>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This screen could not be loaded');
    consoleError.mockRestore();

    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    expect(await screen.findByRole('heading', { name: 'Loaded' })).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('fails a chunk that takes longer than the time-out', async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise<never>(() => {});
      const result = withTimeout(never, 120_000);
      const assertion = expect(result).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
      await vi.advanceTimersByTimeAsync(119_999);
      await vi.advanceTimersByTimeAsync(1);
      await assertion;
    } finally {
      vi.useRealTimers();
    }
  });

  it('has a loader for every route', () => {
    expect(Object.keys(PAGE_LOADERS).sort()).toEqual(Object.keys(createPages()).sort());
  });
});
