import type {
  CountryCode,
  ReportColumn,
  ReportPage as ReportPageData,
  ReportTotals,
} from '@fieldforce/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import type { Language } from '../../../lib/i18n';
import { initialClientState, useClientStore } from '../../../lib/store';
import { renderRoutes } from '../../../test/render';
import { hiddenColumnsKey } from '../report-params';
import { ReportPage } from './report-page';

const envelope = (data: unknown) => ({
  statusCode: 200,
  'response-data': data,
  statusMessage: 'OK',
  errors: null,
});

const LOSS_COLUMNS: ReportColumn[] = [
  { key: 'lossDate', header: 'Loss Date', type: 'date', sortable: true },
  { key: 'skuId', header: 'SKU Id', type: 'text', sortable: true },
  { key: 'qtyLost', header: 'Quantity Lost', type: 'number', sortable: true },
  { key: 'amount', header: 'Amount (₫)', type: 'amount', sortable: true },
  { key: 'reason', header: 'Reason', type: 'text', sortable: true },
];

const PROMO_COLUMNS: ReportColumn[] = [
  { key: 'promotionCode', header: 'Promotion Code', type: 'text', sortable: true },
  { key: 'promotionStatus', header: 'Promotion Status', type: 'text', sortable: true },
  { key: 'status', header: 'Customer Status', type: 'text', sortable: true },
  { key: 'timesApplied', header: 'Times Applied', type: 'number', sortable: true },
];

interface Server {
  columns: ReportColumn[];
  rows: ReportPageData['rows'];
  totals: ReportTotals;
  sort: string;
}

/** A report API answering the page and totals calls; returns the URLs it was asked. */
function reportServer({ columns, rows, totals, sort }: Server) {
  const urls: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    urls.push(url);
    const body = url.pathname.endsWith('/totals')
      ? totals
      : {
          rows,
          total: totals.total,
          page: 1,
          pageSize: 50,
          sort: url.searchParams.get('sort') ?? sort,
          columns: columns.map((c) => ({
            ...c,
            sortable: c.sortable && url.searchParams.get('countryCode') !== 'pk',
          })),
          downloadCap: 100_000,
        };
    return new Response(JSON.stringify(envelope(body)), { headers: { 'content-type': 'application/json' } });
  });
  configureApiClient({ fetch: fetchMock as unknown as typeof fetch, deviceId: async () => 'd' });
  return urls;
}

function open(key: string, name: string, { country = 'vn', language = 'en', extra = '' } = {}) {
  useClientStore.setState({ selectedCountryCode: country as CountryCode });
  const path = `/reportpage?report=${key}&reportName=${encodeURIComponent(name)}&reportCategory=transactionalreports&from=2026-10-01&to=2026-10-30${extra}`;
  return renderRoutes([{ path: '/reportpage', element: <ReportPage /> }], path, {
    language: language as Language,
  });
}

const lossServer = () =>
  reportServer({
    columns: LOSS_COLUMNS,
    rows: [
      { lossDate: '2026-10-02', skuId: 'SKU1', qtyLost: 3, amount: 1234567, reason: 'Outlet closed' },
      { lossDate: '2026-10-03', skuId: 'SKU2', qtyLost: 2, amount: 1000, reason: 'Price too high' },
    ],
    totals: { total: 2, totals: { qtyLost: 5, amount: 1235567 } },
    sort: '-lossDate',
  });

beforeEach(() => {
  useClientStore.setState(initialClientState());
});

describe('report values', () => {
  it('shows statuses as words in English and Vietnamese, never the stored codes', async () => {
    reportServer({
      columns: PROMO_COLUMNS,
      rows: [
        { promotionCode: 'P1', promotionStatus: 'active', status: 'not_applied', timesApplied: 0 },
        { promotionCode: 'P2', promotionStatus: 'scheduled', status: 'applied', timesApplied: 2 },
      ],
      totals: { total: 2, totals: { timesApplied: 2 } },
      sort: 'promotionCode',
    });
    open('promotion-status', 'Promotion Status');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Not applied')).toBeTruthy();
    expect(within(table).getByText('Active')).toBeTruthy();
    expect(within(table).getByText('Scheduled')).toBeTruthy();
    expect(table.textContent).not.toMatch(/not_applied|\bactive\b|scheduled/);
  });

  it('in Vietnamese', async () => {
    reportServer({
      columns: PROMO_COLUMNS,
      rows: [{ promotionCode: 'P1', promotionStatus: 'cancelled', status: 'not_applied', timesApplied: 0 }],
      totals: { total: 1, totals: { timesApplied: 0 } },
      sort: 'promotionCode',
    });
    open('promotion-status', 'Promotion Status', { language: 'vi' });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Chưa áp dụng')).toBeTruthy();
    expect(within(table).getByText('Đã hủy')).toBeTruthy();
    expect(table.textContent).not.toContain('not_applied');
  });

  it('VND amounts have no decimals; Vietnamese groups digits with dots; the totals row sums the whole result', async () => {
    lossServer();
    open('order-loss', 'Order Loss Report');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('1,234,567')).toBeTruthy();
    expect(table.textContent).not.toContain('1,234,567.00');
    expect(within(table).getByText('Outlet closed')).toBeTruthy();
    const foot = table.querySelector('tfoot')!;
    await waitFor(() => expect(foot.textContent).toContain('1,235,567'));
    expect(within(foot as HTMLElement).getByRole('rowheader').textContent).toContain('Total');
    expect(foot.textContent).toContain('5');
  });

  it('in Vietnamese: dots between thousands and a translated reason', async () => {
    lossServer();
    open('order-loss', 'Order Loss Report', { language: 'vi' });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('1.234.567')).toBeTruthy();
    expect(within(table).getByText('Cửa hàng đóng cửa')).toBeTruthy();
    await waitFor(() => expect(table.querySelector('tfoot')!.textContent).toContain('1.235.567'));
    // Report name and column headers in Vietnamese, the market's currency suffix kept.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Báo cáo mất đơn hàng');
    expect(within(table).getByRole('columnheader', { name: /Thành tiền \(₫\)/ })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /Lý do/ })).toBeTruthy();
  });

  it('PHP amounts keep two decimals', async () => {
    lossServer();
    open('order-loss', 'Order Loss Report', { country: 'ph' });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('1,234,567.00')).toBeTruthy();
  });
});

describe('column chooser', () => {
  it('hides and shows columns with the keyboard, remembers them per report, and keeps one visible', async () => {
    lossServer();
    open('order-loss', 'Order Loss Report');
    const table = await screen.findByRole('table');
    const button = screen.getByRole('button', { name: 'Columns' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const group = screen.getByRole('group', { name: 'Columns to show' });
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Reason' }));
    expect(within(table).queryByRole('columnheader', { name: /Reason/ })).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(hiddenColumnsKey('order-loss'))!)).toEqual(['reason']);
    expect(screen.getByRole('button', { name: 'Columns (4 of 5)' })).toBeTruthy();

    // Escape closes the list and gives focus back to the button.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Columns to show' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Columns (4 of 5)' }));

    // Hiding all but one: the last checkbox cannot be cleared.
    fireEvent.click(screen.getByRole('button', { name: 'Columns (4 of 5)' }));
    const list = screen.getByRole('group', { name: 'Columns to show' });
    for (const name of ['Loss Date', 'SKU Id', 'Quantity Lost']) {
      fireEvent.click(within(list).getByRole('checkbox', { name }));
    }
    const last = within(list).getByRole('checkbox', { name: 'Amount (₫)' }) as HTMLInputElement;
    expect(last.checked).toBe(true);
    expect(last.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(window.localStorage.getItem(hiddenColumnsKey('order-loss'))).toBeNull();
    expect(within(table).getByRole('columnheader', { name: /Reason/ })).toBeTruthy();
  }, 20_000);

  it('opens a report with the columns hidden last time', async () => {
    window.localStorage.setItem(hiddenColumnsKey('order-loss'), JSON.stringify(['skuId', 'qtyLost']));
    lossServer();
    open('order-loss', 'Order Loss Report');
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('columnheader', { name: /SKU Id/ })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: /Quantity Lost/ })).toBeNull();
    expect(within(table).getByRole('columnheader', { name: /Amount/ })).toBeTruthy();
  });
});

describe('the market’s sortable flag', () => {
  it('vn: headers sort', async () => {
    lossServer();
    open('order-loss', 'Order Loss Report');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('button').length).toBeGreaterThan(0);
  });

  it('pk: no header sorts, a note says so, and a sort in the link is not sent', async () => {
    const urls = lossServer();
    open('order-loss', 'Order Loss Report', { country: 'pk', extra: '&sort=skuId' });
    const table = await screen.findByRole('table');
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
    expect(within(table).getAllByRole('columnheader')[0]!.getAttribute('aria-sort')).toBeNull();
    expect(screen.getByText('Sorting by column is turned off in this market.')).toBeTruthy();
    const page = urls.find((u) => /\/reports\/order-loss$/.test(u.pathname))!;
    expect(page.searchParams.get('sort')).toBeNull();
  });
});

describe('the totals call', () => {
  it('asks for the same filters without paging or sort', async () => {
    const urls = lossServer();
    open('order-loss', 'Order Loss Report', { extra: '&sort=skuId&skuId=SKU1&page=2' });
    await screen.findByRole('table');
    await act(async () => {});
    const totals = urls.find((u) => u.pathname.endsWith('/order-loss/totals'))!;
    // Only once the page has come (the first rows never wait for the sums).
    expect(urls.indexOf(totals)).toBeGreaterThan(urls.findIndex((u) => u.pathname.endsWith('/order-loss')));
    expect(Object.fromEntries(totals.searchParams)).toEqual({
      countryCode: 'vn',
      from: '2026-10-01',
      to: '2026-10-30',
      skuId: 'SKU1',
    });
  });
});

describe('the lead under the title', () => {
  it('promises a search only where the master report has search fields', async () => {
    reportServer({
      columns: PROMO_COLUMNS,
      rows: [],
      totals: { total: 0, totals: {} },
      sort: 'promotionCode',
    });
    open('outlet-master', 'Outlet Master');
    expect(
      await screen.findByText('Sort, page through and download the master data of your market.'),
    ).toBeTruthy();
    cleanup();
    open('product-master', 'Product Master');
    expect(await screen.findByText('Search, sort and download the master data of your market.')).toBeTruthy();
  });
});
