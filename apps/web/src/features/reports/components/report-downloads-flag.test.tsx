import { countryFlags, ok, type CountryFlags } from '@fieldforce/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { forgetMarketFlags } from '../../../lib/market-flags-snapshot';
import { initialClientState, useClientStore } from '../../../lib/store';
import { buildUser } from '../../../test/factories';
import { renderRoutes } from '../../../test/render';
import { envelopeResponse } from '../../../test/session';
import { ReportPage } from './report-page';

/** A report API plus GET config/flags answering the market's flags as the server holds them. */
function server(flags: Partial<CountryFlags>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('config/flags')) {
      const { countryCode: _c, ...defaults } = countryFlags('vn');
      return envelopeResponse(200, ok({ countryCode: 'vn', flags: { ...defaults, ...flags } }));
    }
    if (new URL(url, 'http://localhost').pathname.endsWith('/totals')) {
      return envelopeResponse(200, ok({ total: 1, totals: {} }));
    }
    return envelopeResponse(
      200,
      ok({
        rows: [{ promotionCode: 'P1', promotionStatus: 'active', status: 'applied', timesApplied: 1 }],
        total: 1,
        page: 1,
        pageSize: 50,
        sort: 'promotionCode',
        columns: [{ key: 'promotionCode', header: 'Promotion Code', type: 'text', sortable: true }],
        downloadCap: 100_000,
      }),
    );
  });
  configureApiClient({ fetch: fetchMock as unknown as typeof fetch, deviceId: async () => 'd' });
}

const open = () =>
  renderRoutes(
    [{ path: '/reportpage', element: <ReportPage /> }],
    '/reportpage?report=promotion-status&reportName=Promotion%20Status&reportCategory=transactionalreports&from=2026-10-01&to=2026-10-30',
  );

beforeEach(() => {
  forgetMarketFlags();
  useClientStore.setState({ ...initialClientState(), selectedCountryCode: 'vn', userDetails: buildUser() });
});

describe('report exports follow the market’s DownloadReports flag from the server', () => {
  it('shows the export buttons while the flag is on', async () => {
    server({ DownloadReports: true });
    open();
    await screen.findByRole('table');
    expect(await screen.findByRole('button', { name: /CSV/ })).toBeTruthy();
  });

  it('removes them when the admin has turned it off', async () => {
    server({ DownloadReports: false });
    open();
    await screen.findByRole('table');
    await waitFor(() => expect(screen.queryByRole('button', { name: /CSV/ })).toBeNull());
    expect(screen.queryByRole('button', { name: /XLSX/ })).toBeNull();
    // The page itself is still there: only the exports went.
    expect(screen.getByRole('table').textContent).toContain('P1');
  });
});
