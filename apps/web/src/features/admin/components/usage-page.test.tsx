import { ok, type UsageOverview } from '@fieldforce/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { I18nProvider, type Language } from '../../../lib/i18n';
import { useClientStore } from '../../../lib/store';
import { envelopeResponse } from '../../../test/session';
import { columnLayout } from '../../../components/chart';
import { averageText, presetRange, rangeValid } from '../usage-logic';
import { AdminConfigurationSections } from './admin-configuration-sections';
import { UsagePanel } from './usage-page';

const series = (buckets: string[], total: number[]) => ({
  buckets,
  total,
  byRole: [
    { key: 'Team Leader', users: total.map((v) => Math.ceil(v / 2)) },
    { key: 'Area Sales Manager', users: total.map((v) => Math.floor(v / 2)) },
  ],
  byMarket: [{ key: 'vn', users: total }],
});

function overview(over: Partial<UsageOverview> = {}): UsageOverview {
  return {
    from: '2026-11-18',
    to: '2026-11-20',
    markets: ['vn'],
    can: { export: true, chooseMarket: false },
    active: {
      day: series(['2026-11-18', '2026-11-19', '2026-11-20'], [3, 5, 2]),
      week: series(['2026-11-16'], [6]),
      month: series(['2026-11-01'], [9]),
    },
    events: [{ event: 'teamView', count: 12 }],
    screens: [
      { screen: '/teamlevels', opens: 10 },
      { screen: '/reportpage', opens: 4 },
    ],
    reports: [{ name: 'Salesperson Visit Summary', category: 'transactional', opens: 4 }],
    downloads: {
      total: 2,
      rows: 300,
      items: [{ item: 'outletStatus', format: 'xlsx', downloads: 2, rows: 300 }],
    },
    uploads: {
      funnel: { started: 4, previewed: 3, applied: 2, failed: 1 },
      byKind: [
        { kind: 'outletStatus', started: 4, previewed: 3, applied: 2, failed: 1 },
        { kind: 'users', started: 2, previewed: 2, applied: 1, failed: 0 },
      ],
      steps: [{ tool: 'outletStatus', step: 'apply', events: 2 }],
    },
    ...over,
  };
}

function setup(answer: UsageOverview, language: Language = 'en') {
  const calls: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    if (url.pathname === '/api/usage/overview') return envelopeResponse(200, ok(answer));
    return envelopeResponse(404, {
      statusCode: 404,
      'response-data': null,
      statusMessage: 'x',
      errors: null,
    });
  });
  configureApiClient({ fetch: fetchMock as unknown as typeof fetch, sleep: async () => {} });
  useClientStore.setState({ selectedCountryCode: 'vn' });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider language={language}>
        <UsagePanel />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => resetApiClient());

describe('UsagePanel', { timeout: 20_000 }, () => {
  it('draws active users with a summary, a table behind the chart and the ranked lists', async () => {
    setup(overview());
    const chart = await screen.findByRole('img', { name: 'Daily active users' });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Highest 5 on 19 Nov, lowest 2, 2 in the latest day/)).toBeTruthy();
    // Each column says its value.
    expect(screen.getByRole('img', { name: '19 Nov: 5 active users' })).toBeTruthy();
    const table = screen.getByRole('table', { name: /Daily active users: total and by role/ });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    // Screens by their titles, with the path as a hint.
    const screens = screen.getByRole('table', { name: 'Most opened screens' });
    expect(within(screens).getByRole('rowheader', { name: /Team View/ })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Most viewed reports' }).textContent).toContain('Transactional');
    const funnel = screen.getByRole('table', { name: 'Upload funnel' });
    expect(within(funnel).getByRole('row', { name: /Applied 50% 2/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export usage (CSV)' })).toBeTruthy();
    // Not a Super User: no market filter.
    expect(screen.queryByRole('combobox', { name: 'Market' })).toBeNull();
  });

  it('switches to weekly and monthly, and moves between columns with the arrow keys', async () => {
    setup(overview());
    const last = await screen.findByRole('img', { name: '20 Nov: 2 active users' });
    expect(last.getAttribute('tabindex')).toBe('0');
    last.focus();
    fireEvent.keyDown(last, { key: 'ArrowLeft' });
    const before = screen.getByRole('img', { name: '19 Nov: 5 active users' });
    expect(document.activeElement).toBe(before);
    fireEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByRole('img', { name: 'Monthly active users' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Nov 2026: 9 active users' })).toBeTruthy();
  });

  it('asks again for the chosen period, and offers a Super User every market', async () => {
    const calls = setup(overview({ can: { export: false, chooseMarket: true } }));
    const market = await screen.findByRole('combobox', { name: 'Market' });
    expect(screen.queryByRole('button', { name: /Export usage/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(1));
    const last = calls.at(-1)!;
    expect(last.searchParams.get('to')! > last.searchParams.get('from')!).toBe(true);
    fireEvent.change(market, { target: { value: 'all' } });
    await waitFor(() => expect(calls.at(-1)!.searchParams.get('market')).toBe('all'));
    expect(calls.at(-1)!.searchParams.get('countryCode')).toBe('vn');
  });

  it('speaks Vietnamese', async () => {
    setup(overview(), 'vi');
    expect(await screen.findByRole('img', { name: 'Người dùng hoạt động hằng ngày' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Màn hình được mở nhiều nhất' })).toBeTruthy();
    const events = screen.getByRole('table', { name: 'Sự kiện theo tên' });
    expect(within(events).getByRole('rowheader').textContent).toBe(
      'Mở Xem theo nhómTên trong công cụ phân tích: teamView',
    );
  });

  it('a custom period: the two days side by side, one message under them when the range is wrong', async () => {
    setup(overview(), 'vi');
    expect(await screen.findByText('18/11/2026 đến 20/11/2026, Việt Nam')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tùy chọn' }));
    const from = screen.getByLabelText('Từ ngày') as HTMLInputElement;
    const to = screen.getByLabelText('Đến ngày') as HTMLInputElement;
    fireEvent.change(from, { target: { value: '20/11/2026' } });
    fireEvent.change(to, { target: { value: '10/11/2026' } });
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe('Chọn ngày bắt đầu không sau ngày kết thúc, cách nhau tối đa một năm.');
    expect(message.closest('.date-range-fields__messages')).toBeTruthy();
    for (const field of [from, to]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toContain(message.id);
    }
    expect((screen.getByRole('button', { name: 'Xem' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('names each event in words, its raw name beside it, and each card’s table once', async () => {
    setup(overview());
    const events = await screen.findByRole('table', { name: 'Events by name' });
    const row = within(events).getByRole('rowheader');
    expect(row.textContent).toBe('Team View openedName in analytics tools: teamView');
    expect(row.querySelector('code')!.textContent).toBe('teamView');
    // The card's heading names its table; no region or caption repeats it.
    expect(events.getAttribute('tabindex')).toBe('0');
    expect(events.querySelector('caption')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Events by name' })).toBeNull();
    expect(screen.getAllByText('Events by name')).toHaveLength(1);
  });

  it('names each upload kind in words, not by its code (“users”)', async () => {
    setup(overview());
    const kinds = await screen.findByRole('table', { name: 'Files by tool' });
    expect(within(kinds).getByText('User access: users')).toBeTruthy();
    expect(within(kinds).queryByText('users')).toBeNull();
  });
});

describe('AdminConfigurationSections', { timeout: 20_000 }, () => {
  const sections = (path: string) => {
    configureApiClient({
      fetch: (async () => envelopeResponse(200, ok(overview()))) as unknown as typeof fetch,
      sleep: async () => {},
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <I18nProvider language="en">
            <AdminConfigurationSections settings={<p>The settings</p>} />
          </I18nProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  };

  it('shows the settings by default and the usage page at ?view=usage, the current one marked', async () => {
    sections('/adminconfigurationpage');
    expect(screen.getByText('The settings')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('link', { name: 'Usage' }));
    expect(await screen.findByRole('heading', { name: 'Usage of the portal' })).toBeTruthy();
    expect(screen.queryByText('The settings')).toBeNull();
    expect(screen.getByRole('link', { name: 'Usage' }).getAttribute('aria-current')).toBe('page');
  });

  it('opened at ?view=usage, brings the usage page into view (below the tools’ tiles); the settings not', () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      sections('/adminconfigurationpage');
      expect(scrollIntoView).not.toHaveBeenCalled();
      cleanup();
      sections('/adminconfigurationpage?view=usage');
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
      expect(scrollIntoView.mock.contexts[0]).toBe(
        screen.getByRole('navigation', { name: 'Admin configuration sections' }),
      );
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });
});

describe('usage logic', () => {
  it('shows an average that rounds to nothing as “< 0.1” when there was some use, else one decimal', () => {
    expect(averageText([0, 0, 1, ...Array<number>(27).fill(0)])).toBe('< 0.1');
    expect(averageText([0, 0, 0])).toBe('0');
    expect(averageText([1, 2])).toBe('1.5');
    expect(averageText([])).toBe('0');
  });

  it('gives the last N days up to today and checks a period', () => {
    expect(presetRange('7', '2026-11-20')).toEqual({ from: '2026-11-14', to: '2026-11-20' });
    expect(rangeValid('2026-11-01', '2026-11-20')).toBe(true);
    expect(rangeValid('2026-11-21', '2026-11-20')).toBe(false);
    expect(rangeValid('2025-11-01', '2026-11-20')).toBe(false);
  });

  it('lays columns out inside the plot, labels thinned to fit', () => {
    const values = Array.from({ length: 90 }, (_, i) => i % 7);
    const layout = columnLayout(values, 360, 200);
    expect(layout.bars).toHaveLength(90);
    expect(Math.max(...layout.bars.map((b) => b.x + b.w))).toBeLessThanOrEqual(layout.plot.right);
    expect(layout.xLabels.length).toBeLessThan(10);
    expect(layout.yTicks.at(-1)!.value).toBeGreaterThanOrEqual(6);
  });
});
