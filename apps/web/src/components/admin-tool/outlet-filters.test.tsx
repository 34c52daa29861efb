import type { DtFilterOptions } from '@fieldforce/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider, type Language } from '../../lib/i18n';
import { OutletFilters, useOutletFilterDraft, type OutletFilterWords } from './outlet-filters';

const OPTIONS: DtFilterOptions = {
  dtCodes: [{ code: 'DT1', name: 'An Khang' }],
  dtSiteCodes: [{ code: 'S1', name: 'North', dtCode: 'DT1' }],
};

function Form({ words, onSubmit }: { words: OutletFilterWords; onSubmit(codes: string[]): void }) {
  const draft = useOutletFilterDraft();
  return (
    <OutletFilters
      words={words}
      draft={draft}
      options={OPTIONS}
      onSubmit={() => onSubmit(draft.codes)}
      onReset={draft.clear}
      placeholder="O1, O2"
    >
      <span>extra field</span>
    </OutletFilters>
  );
}

const show = (words: OutletFilterWords, language: Language, onSubmit = vi.fn()) =>
  render(
    <I18nProvider language={language}>
      <Form words={words} onSubmit={onSubmit} />
    </I18nProvider>,
  );

describe('OutletFilters', () => {
  it("speaks each tool's words, in each language, with the tool's own field between", () => {
    show('outletStatus', 'en');
    expect(screen.getByRole('form', { name: 'Filters' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeTruthy();
    expect(screen.getByLabelText('Outlet codes')).toBeTruthy();
    expect(screen.getByText('extra field')).toBeTruthy();
  });

  it('uses the geo tool words in Vietnamese', () => {
    show('outletGeo', 'vi');
    expect(screen.getByRole('button', { name: 'Tìm kiếm' })).toBeTruthy();
    expect(screen.getByLabelText('Tìm theo mã cửa hàng')).toBeTruthy();
    expect(screen.getByLabelText('Mã NPP')).toBeTruthy();
  });

  it('submits the parsed codes, and not while too many are typed', () => {
    const onSubmit = vi.fn();
    show('outletStatus', 'en', onSubmit);
    const search = screen.getByLabelText('Outlet codes');
    fireEvent.change(search, { target: { value: 'O1, O2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onSubmit).toHaveBeenCalledWith(['O1', 'O2']);
    fireEvent.change(search, { target: { value: Array.from({ length: 11 }, (_, i) => `O${i}`).join(',') } });
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
