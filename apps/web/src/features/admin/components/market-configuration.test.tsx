import {
  COUNTRY_FLAG_NAMES,
  countryFlags,
  FLAG_INFO,
  ok,
  type AdminConfig,
  type CountryFlagName,
} from '@fieldforce/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import type { Language } from '../../../lib/i18n';
import { initialClientState, useClientStore } from '../../../lib/store';
import { renderRoutes } from '../../../test/render';
import { envelopeResponse } from '../../../test/session';
import { MarketConfiguration } from './market-configuration';

function config(edit: boolean, overrides: Partial<Record<CountryFlagName, boolean>> = {}): AdminConfig {
  const defaults = countryFlags('vn');
  return {
    countryCode: 'vn',
    flags: COUNTRY_FLAG_NAMES.map((name) => ({
      name,
      value: overrides[name] ?? defaults[name],
      defaultValue: defaults[name],
      ...FLAG_INFO[name],
      lastChange: name === 'sortable' ? { at: '2026-11-20T09:30:00.000Z', byName: 'Lan Nguyen' } : null,
    })),
    outletStatusEmailDomains: { domains: ['demo.test'], explanation: 'x', lastChange: null },
    can: { view: true, edit, upload: false, export: false },
  };
}

/** A fake server for the page: GET answers `current`, PATCH applies the body and answers the new page. */
function server(edit = true) {
  let current = config(edit);
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body });
    if (url.includes('admin/configuration') && method === 'PATCH') {
      const change = body as { flags?: Record<string, boolean>; outletStatusEmailDomains?: string[] };
      current = {
        ...current,
        flags: current.flags.map((f) =>
          change.flags?.[f.name] === undefined
            ? f
            : {
                ...f,
                value: change.flags[f.name]!,
                lastChange: { at: '2026-11-24T00:00:00.000Z', byName: 'Admin VN' },
              },
        ),
        outletStatusEmailDomains: {
          ...current.outletStatusEmailDomains,
          domains: change.outletStatusEmailDomains ?? current.outletStatusEmailDomains.domains,
        },
      };
      return envelopeResponse(200, ok(current));
    }
    if (url.includes('admin/configuration')) return envelopeResponse(200, ok(current));
    return envelopeResponse(200, ok({ tools: [] }));
  });
  configureApiClient({ fetch: fetchMock as unknown as typeof fetch, deviceId: async () => 'd' });
  return calls;
}

const open = (language: Language = 'en') =>
  renderRoutes(
    [{ path: '/adminconfigurationpage', element: <MarketConfiguration country="vn" /> }],
    '/adminconfigurationpage',
    {
      language,
    },
  );

const switchOf = (name: RegExp) => screen.getByRole('switch', { name });

beforeEach(() => {
  useClientStore.setState(initialClientState());
});

describe('Admin configuration: the market settings', () => {
  it('lists every flag of spec section 3 by group, each with its explanation, state and last change', async () => {
    server();
    open();
    await screen.findByRole('group', { name: 'Reports' });
    for (const group of [
      'Admin tools',
      'Reports',
      'UCube and tracking',
      'Sign-in, security and usage',
      'Fixed for the market',
    ]) {
      expect(screen.getByRole('group', { name: group })).toBeTruthy();
    }
    expect(screen.getAllByRole('switch')).toHaveLength(COUNTRY_FLAG_NAMES.length);
    const downloads = switchOf(/Report downloads/);
    expect((downloads as HTMLInputElement).checked).toBe(true);
    expect(downloads.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText(/When off, the export buttons disappear and export calls are refused/),
    ).toBeTruthy();
    expect(screen.getByText(/Last changed by Lan Nguyen/)).toBeTruthy();
    // vn: the offline app is off; the market's identity and routing are not editable.
    expect((switchOf(/Offline app/) as HTMLInputElement).checked).toBe(false);
    expect((switchOf(/Indonesia HPC/) as HTMLInputElement).disabled).toBe(true);
    expect((switchOf(/BTP endpoint/) as HTMLInputElement).disabled).toBe(true);
  });

  it('a risky change asks to confirm, then saves only what changed and says so', async () => {
    const calls = server();
    open();
    fireEvent.click(await screen.findByRole('switch', { name: /Report downloads/ }));
    expect(screen.getByText('1 unsaved change')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change these settings?' });
    expect(within(dialog).getByText('Report downloads will be turned off')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, save' }));
    });
    await screen.findByText('The market settings are saved.');
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toContain('countryCode=vn');
    expect(patch.body).toEqual({ flags: { DownloadReports: false } });
    expect((switchOf(/Report downloads/) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/Last changed by Admin VN/)).toBeTruthy();
    expect(screen.queryByText('1 unsaved change')).toBeNull();
  });

  it('a plain change saves without asking; Undo puts the saved values back', async () => {
    const calls = server();
    open();
    fireEvent.click(await screen.findByRole('switch', { name: /Multi-select filters/ }));
    fireEvent.click(switchOf(/Column sorting/));
    expect(screen.getByText('2 unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect((switchOf(/Column sorting/) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(switchOf(/Multi-select filters/));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await screen.findByText('The market settings are saved.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ flags: { MultiSelect: false } });
  });

  it('checks the email domains before saving them', async () => {
    const calls = server();
    open();
    const input = await screen.findByLabelText('Allowed domains, separated by commas');
    fireEvent.change(input, { target: { value: 'demo.test, not a domain' } });
    expect(screen.getByRole('alert').textContent).toContain('Not a domain: not');
    fireEvent.change(input, { target: { value: 'Demo.test, Example.COM' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await screen.findByText('The market settings are saved.');
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      outletStatusEmailDomains: ['demo.test', 'example.com'],
    });
  });

  it('is read-only for a caller the server says may not edit', async () => {
    server(false);
    open();
    await screen.findByText('You can view these settings; only the market’s admins can change them.');
    for (const s of screen.getAllByRole('switch')) expect((s as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Allowed domains, separated by commas') as HTMLInputElement).readOnly).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
  });

  it('in Vietnamese', async () => {
    server();
    open('vi');
    await screen.findByRole('group', { name: 'Báo cáo' });
    expect(screen.getByRole('switch', { name: /Tải báo cáo/ })).toBeTruthy();
    expect(screen.getByText(/Khi tắt, các nút xuất biến mất/)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Cài đặt thị trường' })).toBeTruthy());
    // The confirmation names the market in Vietnamese too ('Việt Nam', not 'Vietnam').
    fireEvent.click(screen.getByRole('switch', { name: /Tải báo cáo/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thay đổi các cài đặt này?' });
    expect(within(dialog).getByText(/mọi người dùng ở Việt Nam:/)).toBeTruthy();
  });
});
