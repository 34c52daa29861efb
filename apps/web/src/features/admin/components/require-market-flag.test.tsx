import { countryFlags, ok, type CountryFlags } from '@fieldforce/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { forgetMarketFlags } from '../../../lib/market-flags-snapshot';
import { initialClientState, useClientStore } from '../../../lib/store';
import { buildUser } from '../../../test/factories';
import { renderRoutes } from '../../../test/render';
import { envelopeResponse } from '../../../test/session';
import { RequireMarketFlag } from './require-market-flag';

function server(flags: Partial<CountryFlags>) {
  const { countryCode: _c, ...defaults } = countryFlags('vn');
  const fetchMock = vi.fn(async () =>
    envelopeResponse(200, ok({ countryCode: 'vn', flags: { ...defaults, ...flags } })),
  );
  configureApiClient({ fetch: fetchMock as unknown as typeof fetch, deviceId: async () => 'd' });
}

const open = () =>
  renderRoutes(
    [
      {
        path: '/outletStatus',
        element: (
          <RequireMarketFlag flag="OfflineApp">
            <h1>Outlet Status</h1>
          </RequireMarketFlag>
        ),
      },
      { path: '/adminconfigurationpage', element: <h1>Admin configuration</h1> },
    ],
    '/outletStatus',
  );

beforeEach(() => {
  forgetMarketFlags();
  useClientStore.setState({ ...initialClientState(), selectedCountryCode: 'vn', userDetails: buildUser() });
});

describe('the landing rule reads the market’s OfflineApp flag from the server', () => {
  it('sends the user to admin configuration when the flag is off (vn by default)', async () => {
    server({});
    const router = open();
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminconfigurationpage'));
  });

  it('opens the tool once an admin has turned the offline app on for vn', async () => {
    server({ OfflineApp: true });
    const router = open();
    expect(await screen.findByRole('heading', { name: 'Outlet Status' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/outletStatus');
  });
});
