import type { DtFilterOptions } from '@fieldforce/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n';
import { AdminFilters, DtSiteFilterFields, FOLD_FILTERS_QUERY } from './admin-controls';

const OPTIONS: DtFilterOptions = {
  dtCodes: [
    { code: 'DT1', name: 'An Khang' },
    { code: 'DT2', name: 'Kim Thanh' },
  ],
  dtSiteCodes: [
    { code: 'S1', name: 'North', dtCode: 'DT1' },
    { code: 'S2', name: 'South', dtCode: 'DT1' },
    // The same site code under another DT is another site.
    { code: 'S1', name: 'Harbour', dtCode: 'DT2' },
  ],
};

function Fields({ options }: { options: DtFilterOptions | undefined }) {
  const [dtCode, setDtCode] = useState('');
  const [dtSiteCode, setDtSiteCode] = useState('');
  return (
    <>
      <DtSiteFilterFields
        options={options}
        dtCode={dtCode}
        dtSiteCode={dtSiteCode}
        onDtCodeChange={setDtCode}
        onDtSiteCodeChange={setDtSiteCode}
        dtCodeLabel="DT Code"
        dtSiteCodeLabel="DT Site Code"
        allLabel="All"
      />
      <output>{`${dtCode}|${dtSiteCode}`}</output>
    </>
  );
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('DtSiteFilterFields', () => {
  it('labels both selects, narrows the sites to the chosen DT and clears the site when the DT changes', () => {
    render(<Fields options={OPTIONS} />);
    const dt = screen.getByRole('combobox', { name: 'DT Code' });
    const site = screen.getByRole('combobox', { name: 'DT Site Code' });
    expect(optionTexts(dt)).toEqual(['All', 'An Khang (DT1)', 'Kim Thanh (DT2)']);
    expect(optionTexts(site)).toEqual(['All', 'North (S1)', 'South (S2)', 'Harbour (S1)']);

    fireEvent.change(dt, { target: { value: 'DT1' } });
    expect(optionTexts(site)).toEqual(['All', 'North (S1)', 'South (S2)']);
    fireEvent.change(site, { target: { value: 'S2' } });
    expect(screen.getByRole('status').textContent).toBe('DT1|S2');

    fireEvent.change(dt, { target: { value: 'DT2' } });
    expect(screen.getByRole('status').textContent).toBe('DT2|');
    expect(optionTexts(site)).toEqual(['All', 'Harbour (S1)']);
  });

  it('offers only "All" while the options load', () => {
    render(<Fields options={undefined} />);
    expect(optionTexts(screen.getByRole('combobox', { name: 'DT Code' }))).toEqual(['All']);
    expect(optionTexts(screen.getByRole('combobox', { name: 'DT Site Code' }))).toEqual(['All']);
  });
});

/** A window as narrow as a phone's (until vi.unstubAllGlobals). */
function onAPhone() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === FOLD_FILTERS_QUERY,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('AdminFilters', () => {
  function renderFilters(onSubmit = vi.fn(), active?: number) {
    render(
      <I18nProvider language="en">
        <AdminFilters
          label="Filters of things"
          onSubmit={onSubmit}
          onReset={() => {}}
          submitLabel="Apply"
          resetLabel="Reset"
          active={active}
        >
          <label>
            Code <input name="code" />
          </label>
        </AdminFilters>
      </I18nProvider>,
    );
    return onSubmit;
  }

  it('is always open on a wide screen', () => {
    renderFilters(vi.fn(), 2);
    expect(screen.getByRole('form', { name: 'Filters of things' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull();
  });

  it('on a phone folds under a Filters button saying how many apply, and folds again once applied', () => {
    onAPhone();
    try {
      const onSubmit = renderFilters(vi.fn(), 2);
      const toggle = screen.getByRole('button', { name: 'Filters (2 applied)' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('form', { name: 'Filters of things' })).toBeNull();
      fireEvent.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      fireEvent.click(
        within(screen.getByRole('form', { name: 'Filters of things' })).getByRole('button', {
          name: 'Apply',
        }),
      );
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('form', { name: 'Filters of things' })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('without a count of its own, counts the fields that held a value when applied', () => {
    onAPhone();
    try {
      renderFilters(vi.fn(), undefined);
      fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
      fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'SM1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
      expect(screen.getByRole('button', { name: 'Filters (1 applied)' })).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
