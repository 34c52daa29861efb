/**
 * Every UCube panel that fails offers a retry (issue 10, "Numbers that agree"): the home's scope cards,
 * the home's month trend and a salesperson's day, each asking the server again when pressed.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, type KpiAnswer } from '@fieldforce/contracts';
import { configureApiClient } from '../../../lib/api-client';
import { initialClientState, useClientStore } from '../../../lib/store';
import { buildUser } from '../../../test/factories';
import { renderRoutes } from '../../../test/render';
import { envelopeResponse } from '../../../test/session';
import { SalesmanDayPanel } from './salesman-day';
import { UcubeHomePage } from './ucube-home-page';

const gsv = { actual: 500_000, target: 1_000_000, achievedPercentage: 50, monthTarget: 1_500_000 };
const scope: KpiAnswer = {
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
    { levelname: 'Super User', columnName: 'Super User', emailId: 'super@x', active: true, level: 'LEVEL1' },
  ],
  kpis: [{ key: 'gsv', label: 'GSV', targetLabel: 'GSV Target', actualLabel: 'GSV Actuals', unit: 'amount' }],
  total: {
    name: 'Everyone',
    emailId: 'super@x',
    code: 'super',
    levelname: 'Super User',
    level: 'LEVEL1',
    dtCode: null,
    dtSiteCode: null,
    isActive: true,
    salesmen: 3,
    achievedPercentage: 50,
    kpis: { gsv },
    drill: null,
  },
  rows: [],
};

const unavailable = () =>
  envelopeResponse(503, {
    statusCode: 503,
    'response-data': null,
    statusMessage: 'SERVICE_UNAVAILABLE',
    errors: { code: 'SERVICE_UNAVAILABLE', shortDescription: 'Try later.' },
  });

/** A server whose `path` answers fail until `healthy()` is called; counts the calls of each path. */
function flakyServer(answers: Record<string, unknown>) {
  let up = false;
  const calls: Record<string, number> = {};
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const path = Object.keys(answers).find((p) => url.includes(p));
    if (!path) return unavailable();
    calls[path] = (calls[path] ?? 0) + 1;
    return up ? envelopeResponse(200, ok(answers[path])) : unavailable();
  });
  configureApiClient({ fetch: fetchMock as unknown as typeof fetch, deviceId: async () => 'd' });
  return { calls, healthy: () => (up = true) };
}

beforeEach(() => {
  useClientStore.setState({
    ...initialClientState(),
    userDetails: buildUser(),
    ucubeAccess: true,
    selectedCountryCode: 'vn',
  });
});

describe('a UCube panel that fails', () => {
  it('home: the scope cards say so and load on Try again', async () => {
    const server = flakyServer({ 'ucube/individual-performance-kpis': scope });
    renderRoutes([{ path: '/homepage', element: <UcubeHomePage /> }], '/homepage');
    const section = screen.getByRole('region', { name: 'Your whole scope, month to date' });
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('could not be loaded');
    server.healthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const cards = await within(section).findByRole('list', { name: 'Your whole scope, month to date' });
    expect(within(cards).getByRole('heading', { name: 'GSV' })).toBeTruthy();
    expect(server.calls['ucube/individual-performance-kpis']).toBe(2);
  });

  it('home: the month trend offers Try again, which asks the server again', async () => {
    const server = flakyServer({ 'ucube/daily-trend': null });
    renderRoutes([{ path: '/homepage', element: <UcubeHomePage /> }], '/homepage');
    const trend = screen.getByRole('region', { name: 'Trend for the month' });
    const alert = await within(trend).findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(server.calls['ucube/daily-trend']).toBe(2));
  });

  it('a salesperson’s day offers Try again, which asks the server again', async () => {
    const server = flakyServer({ 'ucube/salesman-day': null });
    renderRoutes(
      [
        {
          path: '/teamlevels',
          element: <SalesmanDayPanel country="vn" emailId="sm@x" onDate={() => {}} onBack={() => {}} />,
        },
      ],
      '/teamlevels',
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The day could not be loaded');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(server.calls['ucube/salesman-day']).toBe(2));
  });
});
