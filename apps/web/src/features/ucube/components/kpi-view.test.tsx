import { fireEvent, screen, within } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { KpiAnswer, PerformanceRow } from '@fieldforce/contracts';
import { ApiError } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { KpiViewPage } from './kpi-view';

const value = (actual: number, target: number | null, achievedPercentage: number | 'NA') => ({
  actual,
  target,
  achievedPercentage,
  monthTarget: target === null ? null : target * 2,
});

const row = (name: string, email: string, pct: number | 'NA'): PerformanceRow => ({
  name,
  emailId: email,
  code: email.split('@')[0]!,
  levelname: 'Branch Manager',
  level: 'LEVEL2',
  dtCode: null,
  dtSiteCode: null,
  isActive: true,
  salesmen: 3,
  achievedPercentage: pct,
  kpis: { gsv: value(1_234_567, 1_000_000, pct) },
  drill: { role: 'LEVEL3', type: 'team', emailId: email },
});

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
  total: { ...row('Everyone', 'super@demo.test', 50), drill: null },
  rows: [row('Beta', 'b@x', 50), row('Alpha', 'd@x', 120), row('Gamma', 'c@x', 'NA')],
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
    expect(within(rows[0]!).getAllByText('1.23M').length).toBeGreaterThan(0);
    expect(within(rows[0]!).getByText('120.00%')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'GSV: target against actual' })).toBeTruthy();
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
      rows: [
        row('Beta', 'b@x', 50),
        { ...row('Ahead', 'a@x', 150), kpis: { gsv: value(1_900_000, 1_000_000, 150) } },
      ],
    };
    const router = renderPage('/teamlevels', withBottom);
    const [ahead, beta] = screen.getAllByRole('row', { name: /^Open / });
    expect(within(beta!).getByText('Behind pace')).toBeTruthy();
    expect(within(ahead!).queryByText('Behind pace')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Every Salesman' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      role: 'LEVEL3',
      type: 'team',
      span: 'subtree',
    });
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
