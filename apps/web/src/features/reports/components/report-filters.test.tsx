import { reportByKey, type ReportKey } from '@fieldforce/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import type { AppliedReport } from '../report-params';
import { ReportFilters } from './report-filters';

const TODAY = '2026-11-21';
const applied: AppliedReport = {
  from: '2026-10-23',
  to: TODAY,
  filters: {},
  page: 3,
  pageSize: 50,
  sort: '',
};

function renderFilters(key: ReportKey) {
  const onApply = vi.fn();
  render(
    <MemoryRouter>
      <I18nProvider language="en">
        <ReportFilters report={reportByKey(key)!} applied={applied} today={TODAY} onApply={onApply} />
      </I18nProvider>
    </MemoryRouter>,
  );
  return onApply;
}

const type = (name: string, value: string) => {
  const input = screen.getByRole('textbox', { name });
  fireEvent.change(input, { target: { value } });
  return (input as HTMLInputElement).value;
};

describe('report search inputs', () => {
  it('customer code keeps digits and commas only', () => {
    renderFilters('promotion-status');
    expect(type('Customer Code', 'CUST-001, 77a8')).toBe('001, 778');
  });

  it('customer code keeps letters in the Order Loss Report; SKU Id letters and digits only', () => {
    renderFilters('order-loss');
    expect(type('Customer Code', 'VN-C001,ab')).toBe('VNC001,ab');
    expect(type('SKU Id', 'SKU_12;34')).toBe('SKU1234');
  });

  it('product name accepts anything; item code letters and digits only', () => {
    renderFilters('inventory-status');
    expect(type('Product Name', "Trà xanh 500ml (6-pack) & 'more'")).toBe("Trà xanh 500ml (6-pack) & 'more'");
    expect(type('Item Code', 'IT-9/9')).toBe('IT99');
  });

  it('code fields drop spaces and punctuation as the person types, between the commas of a list too', () => {
    renderFilters('order-loss');
    expect(type('SKU Id', 'A-1, B 2 ,c.3')).toBe('A1,B2,c3');
    renderFilters('salesperson-visit-summary');
    expect(type('Outlet ID', ' VN 001 , VN-002')).toBe('VN001,VN002');
  });

  it('shows what a field takes as an example, and reads its rule out with it', () => {
    renderFilters('inventory-status');
    const item = screen.getByRole('textbox', { name: 'Item Code' });
    expect(item.getAttribute('placeholder')).toBe('e.g. A12, B34');
    expect(item.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(item.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Letters and digits only. Separate up to 10 values with commas.',
    );
  });

  it('Outlet Master (no range, no search) has no filter bar', () => {
    renderFilters('outlet-master');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('folds behind a Filters button that says what is applied (phones)', () => {
    const onApply = vi.fn();
    render(
      <MemoryRouter>
        <I18nProvider language="en">
          <ReportFilters
            report={reportByKey('order-loss')!}
            applied={applied}
            today={TODAY}
            onApply={onApply}
            summary="23-Oct-26 to 21-Nov-26"
          />
        </I18nProvider>
      </MemoryRouter>,
    );
    const toggle = screen.getByRole('button', { name: /Filters/ });
    expect(toggle.textContent).toContain('23-Oct-26 to 21-Nov-26');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)?.tagName).toBe('FORM');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('more than 10 values: an inline message and Apply disabled', () => {
    const onApply = renderFilters('salesperson-visit-summary');
    type('Outlet ID', Array.from({ length: 11 }, (_, i) => `O${i}`).join(','));
    const input = screen.getByRole('textbox', { name: 'Outlet ID' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Search up to 10 comma-separated values at a time.')).toBeTruthy();
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    type('Outlet ID', Array.from({ length: 10 }, (_, i) => `O${i}`).join(','));
    expect((apply as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledWith(
      expect.objectContaining({ page: 1, filters: { outletId: 'O0,O1,O2,O3,O4,O5,O6,O7,O8,O9' } }),
    );
  });

  it('a range over 60 days disables Apply; Reset goes back to the last 30 days', () => {
    const onApply = renderFilters('order-loss');
    const range = screen.getByRole('button', { name: 'Date range 23-Oct-26 to 21-Nov-26' });
    expect(range.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('From')).toBeNull();
    fireEvent.click(range);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-08-01' } });
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
    // Closed with Escape, the broken rule stays in view under the button.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByLabelText('From')).toBeNull();
    expect(document.activeElement).toBe(range);
    expect(screen.getByRole('alert').textContent).toMatch(/at most 60 days/);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onApply).toHaveBeenCalledWith(
      expect.objectContaining({ from: '2026-10-23', to: TODAY, filters: {}, page: 1, sort: '' }),
    );
  });

  it('master reports have no date range', () => {
    renderFilters('product-master');
    expect(screen.queryByRole('button', { name: /Date range/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Item Code' })).toBeTruthy();
  });
});
