import { fireEvent, screen, within } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { KpiAnswer, PerformanceRow } from '@fieldforce/contracts';
import { ApiError } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { KpiViewPage } from './kpi-view';

// Month to date on day 20 of 30: the server's target is two thirds of the month target.
const value = (actual: number, target: number | null) => ({
  actual,
  target,
  achievedPercentage: target ? Math.round((actual / target) * 10000) / 100 : ('NA' as const),
  monthTarget: target === null ? null : target * 1.5,
});

const row = (name: string, email: string, actual: number | 'NA'): PerformanceRow => {
  const gsv = actual === 'NA' ? value(0, null) : value(actual, 1_000_000);
  return {
    name,
    emailId: email,
    code: email.split('@')[0]!,
    levelname: 'Branch Manager',
    level: 'LEVEL2',
    dtCode: null,
    dtSiteCode: null,
    isActive: true,
    salesmen: 3,
    achievedPercentage: gsv.achievedPercentage,
    kpis: { gsv },
    drill: { role: 'LEVEL3', type: 'team', emailId: email },
  };
};

const answer: KpiAnswer = {
  view: 'performance',
  viewTitle: 'Team View',
  type: 'team',
  countryCode: 'vn',
  bsa: 'HPC' as KpiAnswer['bsa'],
  period: 'mtd',
  range: {
    from: '2026-11-01',
    to: '2026-11-20',
    month: '2026-11-01',
    daysInMonth: 30,
    daysGone: 20,
    timeGonePercentage: 66.67,
  },
  levels: [
    {
      levelname: 'Super User',
      columnName: 'Super User',
      emailId: 'super@demo.test',
      active: false,
      level: 'LEVEL1',
    },
    { levelname: 'Branch Manager', columnName: 'Branch Manager', emailId: '', active: true, level: 'LEVEL2' },
  ],
  kpis: [{ key: 'gsv', label: 'GSV', targetLabel: 'GSV Target', actualLabel: 'GSV Actuals', unit: 'amount' }],
  total: { ...row('Everyone', 'super@demo.test', 500_000), drill: null },
  rows: [row('Beta', 'b@x', 500_000), row('Alpha', 'd@x', 1_200_000), row('Gamma', 'c@x', 'NA')],
};

function renderPage(path = '/teamlevels', data: KpiAnswer = answer) {
  const useKpis = () => ({ data, isPending: false, isError: false }) as UseQueryResult<KpiAnswer>;
  return renderRoutes(
    [
      {
        path: '/teamlevels',
        element: <KpiViewPage view="performance" title="Team View" lead="" useKpis={useKpis} />,
      },
    ],
    path,
  );
}

describe('KPI view page', () => {
  it('shows rows sorted by achievement with K/M amounts and a labelled chart', () => {
    renderPage();
    const rows = screen.getAllByRole('row', { name: /^Open / });
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Open Alpha', 'Open Beta', 'Open Gamma']);
    expect(within(rows[0]!).getAllByText('1.20M').length).toBeGreaterThan(0);
    // Month to date: the month target, the expected-by-today beside it, the share of the month target.
    expect(within(rows[0]!).getByText('1.50M')).toBeTruthy();
    expect(within(rows[0]!).getByText('1.00M by today')).toBeTruthy();
    expect(within(rows[0]!).getByText('80.00%')).toBeTruthy();
    const chart = screen.getByRole('figure', { name: 'GSV: target against actual' });
    // Each bar is a list item a screen reader reads whole: name, actual, target and status.
    expect(within(chart).getAllByRole('listitem')[0]!.textContent).toMatch(
      /^Alpha.+, target .+ · 80\.00% · /,
    );
    expect(screen.getByRole('note').textContent).toMatch(/Behind pace/);
  });

  it('moves focus with the arrow keys and drills with Enter into the URL', () => {
    const router = renderPage('/teamlevels?period=day');
    const rows = screen.getAllByRole('row', { name: /^Open / });
    rows[0]!.focus();
    fireEvent.keyDown(rows[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows[1]);
    fireEvent.keyDown(rows[1]!, { key: 'End' });
    expect(document.activeElement).toBe(rows[2]);
    fireEvent.keyDown(rows[2]!, { key: 'Enter' });
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      period: 'day',
      role: 'LEVEL3',
      type: 'team',
      emailId: 'c@x',
    });
  });

  it('sorts by email from the name header', () => {
    const router = renderPage();
    fireEvent.click(screen.getByRole('button', { name: /^Branch Manager/ }));
    expect(router.state.location.search).toBe('?sort=email');
    const rows = screen.getAllByRole('row', { name: /^Open / });
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Open Beta', 'Open Gamma', 'Open Alpha']);
  });

  it('flags rows behind pace and drills from the total row to every salesperson at once', () => {
    const withBottom: KpiAnswer = {
      ...answer,
      levels: [
        ...answer.levels,
        { levelname: 'Salesman', columnName: 'Sales Person', emailId: '', active: false, level: 'LEVEL3' },
      ],
      total: { ...answer.total, drill: { role: 'LEVEL3', type: 'team', span: 'subtree' } },
      rows: [row('Beta', 'b@x', 500_000), row('Ahead', 'a@x', 1_500_000)],
    };
    const router = renderPage('/teamlevels', withBottom);
    const [ahead, beta] = screen.getAllByRole('row', { name: /^Open / });
    expect(within(beta!).getAllByText('Behind pace').length).toBeGreaterThan(0);
    expect(within(ahead!).queryAllByText('Behind pace')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Every Salesman' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      role: 'LEVEL3',
      type: 'team',
      span: 'subtree',
    });
  });

  it('gives a row one status: a 97 % row is amber in its colour and its flag alike', () => {
    renderPage('/teamlevels', {
      ...answer,
      rows: [row('Close', 'k@x', 970_000)],
      total: { ...row('Everyone', 'super@demo.test', 970_000), drill: null },
    });
    const [close] = screen.getAllByRole('row', { name: /^Open / });
    const flag = close!.querySelector('.ucube-flag');
    expect(flag?.textContent).toContain('Close to pace');
    expect(close!.querySelector('[data-band="bad"]')).toBeNull();
    expect(close!.querySelector('[data-band="warn"]')?.textContent).toContain('64.67%');
    expect(screen.getByRole('note').className).toContain('ucube-pace--warn');
    expect(screen.getByRole('note').textContent).toMatch(/^● Close to pace/);
  });

  it('links the three views as tabs, keeping the period', () => {
    renderPage('/teamlevels?period=day&role=LEVEL3&type=team&emailId=b%40x');
    const tabs = screen.getByRole('navigation', { name: 'UCube views' });
    const links = within(tabs).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href'), l.getAttribute('aria-current')])).toEqual(
      [
        ['Team View', '/teamlevels?period=day', 'page'],
        ['DT View', '/distributorteamlevels?period=day', null],
        ['KPI View', '/disciplinaryteamlevels?period=day', null],
      ],
    );
  });

  it('shows names in the breadcrumb, the SM code of salespeople, and opens a salesperson’s day', () => {
    const sm = (name: string, email: string, code: string): PerformanceRow => ({
      ...row(name, email, 800_000),
      levelname: 'Salesman',
      level: 'LEVEL3',
      code,
      salesmanCode: code,
      dtSiteCode: 'SITE1',
      drill: null,
    });
    const people: KpiAnswer = {
      ...answer,
      levels: [
        { ...answer.levels[0]!, name: 'Demo Super User' },
        {
          levelname: 'Branch Manager',
          columnName: 'Branch Manager',
          emailId: 'bm@x',
          name: 'Bao Minh',
          active: false,
          level: 'LEVEL2',
        },
        { levelname: 'Salesman', columnName: 'Sales Person', emailId: '', active: true, level: 'LEVEL3' },
      ],
      rows: [sm('Lan', 'lan@x', 'SM001'), sm('Hoa', 'hoa@x', 'SM002')],
    };
    const router = renderPage('/teamlevels?role=LEVEL3&type=team&emailId=bm%40x', people);
    const crumbs = screen.getByRole('navigation', { name: 'Hierarchy' });
    expect(within(crumbs).getByRole('button', { name: 'Branch Manager: Bao Minh' })).toBeTruthy();
    expect(crumbs.textContent).not.toContain('bm@x');
    expect(screen.getByRole('columnheader', { name: 'SM code' })).toBeTruthy();
    const lan = screen.getByRole('row', { name: 'See the day of Lan' });
    expect(within(lan).getByText('SM001')).toBeTruthy();
    expect(within(lan).queryByText('SITE1')).toBeNull();
    fireEvent.click(lan);
    expect(new URLSearchParams(router.state.location.search).get('sm')).toBe('lan@x');
  });

  it('lists a level that only repeats its total once (a salesperson sees their name once)', () => {
    const self: PerformanceRow = {
      ...row('Me Myself', 'me@x', 800_000),
      salesmanCode: 'SM9',
      code: 'SM9',
      drill: null,
    };
    renderPage('/teamlevels', {
      ...answer,
      levels: [
        { levelname: 'Salesman', columnName: 'Sales Person', emailId: 'me@x', active: true, level: 'LEVEL1' },
      ],
      total: self,
      rows: [self],
    });
    const named = screen.getAllByRole('rowheader').filter((h) => h.textContent?.includes('Me Myself'));
    expect(named).toHaveLength(1);
    // …and their own row leads to their day.
    expect(screen.getByRole('button', { name: /day/ })).toBeTruthy();
  });

  it('says why a link outside the scope does not load and leads back to the own level', () => {
    const useKpis = () =>
      ({
        data: undefined,
        error: new ApiError({ status: 403, code: 'FORBIDDEN', shortDescription: 'outside' }),
        isPending: false,
        isError: true,
        refetch: vi.fn(),
      }) as unknown as UseQueryResult<KpiAnswer>;
    const router = renderRoutes(
      [
        {
          path: '/teamlevels',
          element: <KpiViewPage view="performance" title="Team View" lead="" useKpis={useKpis} />,
        },
      ],
      '/teamlevels?period=day&role=LEVEL6&type=team&emailId=tl2%40x',
    );
    expect(screen.getByRole('alert').textContent).toContain('outside your scope');
    fireEvent.click(screen.getByRole('button', { name: 'Back to your own level' }));
    expect(router.state.location.search).toBe('?period=day');
  });
});
