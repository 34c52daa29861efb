/**
 * 'Add Salesman BG Mapping': find a salesman by SM code, tick business groups, save; the refusals
 * (unknown salesman, no group). The server is answered at the api client's fetch (its own tests cover
 * the routes on a real database).
 */
import { ok, type SalesmanBgMapping } from '@fieldforce/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { I18nProvider, type Language } from '../../lib/i18n';
import { useClientStore } from '../../lib/store';
import { envelopeResponse } from '../../test/session';
import { canAddSalespersonInfo, SalesmanBgMappingDialog } from './salesman-bg-mapping';

const salesman: SalesmanBgMapping = {
  smCode: 'VNSM00001',
  name: 'Lan Nguyen',
  dtCode: 'VNDT001',
  businessGroups: ['Distributor'],
  updatedAt: null,
};

let puts: unknown[];
function serve() {
  puts = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/admin/salesman-bg-mapping')
      return envelopeResponse(404, {
        statusCode: 404,
        'response-data': null,
        statusMessage: 'x',
        errors: null,
      });
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { businessGroups: string[] };
      puts.push(body);
      return envelopeResponse(200, ok({ ...salesman, businessGroups: body.businessGroups }));
    }
    if (url.searchParams.get('smCode') === 'VNSM00001') return envelopeResponse(200, ok(salesman));
    return envelopeResponse(404, {
      statusCode: 404,
      'response-data': null,
      statusMessage: 'NOT_FOUND',
      errors: { code: 'NOT_FOUND', shortDescription: 'The salesman was not found.' },
    });
  });
  configureApiClient({ fetch: fetchMock as unknown as typeof fetch, sleep: async () => {} });
}

function open(language: Language = 'en') {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <I18nProvider language={language}>
      <SalesmanBgMappingDialog onClose={onClose} onSaved={onSaved} />
    </I18nProvider>,
  );
  return { onSaved, onClose };
}

beforeEach(() => {
  useClientStore.setState({ selectedCountryCode: 'vn' });
  serve();
});

describe('Add Salesman BG Mapping', () => {
  it('is for admins, not in market id', () => {
    expect(canAddSalespersonInfo(true, 'vn')).toBe(true);
    expect(canAddSalespersonInfo(true, 'id')).toBe(false);
    expect(canAddSalespersonInfo(false, 'vn')).toBe(false);
  });

  it('finds the salesman, shows the current groups, saves the ticked ones', async () => {
    const { onSaved } = open();
    expect(screen.getByRole('dialog', { name: 'Add Salesman BG Mapping' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('SM Code'), { target: { value: 'VNSM00001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Lan Nguyen, DT VNDT001')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Distributor' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ice Cream' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Lan Nguyen'));
    expect(puts).toEqual([{ smCode: 'VNSM00001', businessGroups: ['Distributor', 'Ice Cream'] }]);
  });

  it('says so when no salesman has the code, and asks for at least one group', async () => {
    open();
    fireEvent.change(screen.getByLabelText('SM Code'), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('No salesman with this SM code in your distributors.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('SM Code'), { target: { value: 'VNSM00001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await screen.findByText('Lan Nguyen, DT VNDT001');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Distributor' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one business group.');
    expect(puts).toEqual([]);
  });

  it('speaks Vietnamese', () => {
    open('vi');
    expect(screen.getByLabelText('Mã NVBH')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tìm' })).toBeTruthy();
  });
});
