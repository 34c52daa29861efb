/**
 * The Estimated Best Price override dialog as the admin uses it: a price with at most 2 decimals is
 * saved, a bad one is refused with a message and nothing saved, an empty field or "Use the estimate"
 * clears the override, an unchanged value is not sent.
 */
import type { BestPriceRow } from '@fieldforce/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n';
import { OverrideDialog, parsePrice } from './components/estimated-best-price-page';

const row = (over: Partial<BestPriceRow> = {}): BestPriceRow => ({
  itemCode: 'SKU001',
  itemName: 'Cola 330ml',
  outletType: 'Grocery',
  estimatedPrice: 100,
  spreadPct: 4,
  invoices: 7,
  flagged: 0,
  overridePrice: null,
  bestPrice: 100,
  overridden: 0,
  overriddenAt: null,
  overriddenByName: null,
  computedAt: '2026-11-23T00:00:00.000Z',
  ...over,
});

function open(r: BestPriceRow, language: 'en' | 'vi' = 'en') {
  const onSave = vi.fn(async () => {});
  render(
    <I18nProvider language={language}>
      <OverrideDialog row={r} formatPrice={(v) => String(v)} onClose={vi.fn()} onSave={onSave} />
    </I18nProvider>,
  );
  return onSave;
}

describe('parsePrice', () => {
  it('takes positive amounts with at most 2 decimals', () => {
    expect(parsePrice('97.5')).toBe(97.5);
    expect(parsePrice(' 97,50 ')).toBe(97.5);
    expect(parsePrice('0')).toBeNull();
    expect(parsePrice('1.234')).toBeNull();
    expect(parsePrice('-3')).toBeNull();
    expect(parsePrice('abc')).toBeNull();
  });
});

describe('the override dialog', () => {
  it('saves a valid price and names the item, its outlet type, its estimate and its override', async () => {
    const onSave = open(row());
    // Label and value pairs (a definition list), not one run-on sentence above the field.
    const facts = Object.fromEntries(
      screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Item: 'Cola 330ml (SKU001)',
      'Outlet Type': 'Grocery',
      'Estimated Price': '100',
      'Current override': 'None: the estimate is used',
    });
    fireEvent.change(screen.getByLabelText('Override price'), { target: { value: '97.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(97.5));
  });

  it('refuses a bad price with a message tied to the field and saves nothing', () => {
    const onSave = open(row());
    const input = screen.getByLabelText('Override price');
    fireEvent.change(input, { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a positive amount with at most 2 decimals')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('clears an override with "Use the estimate", and does not send an unchanged value', async () => {
    const onSave = open(row({ overridePrice: 95, bestPrice: 95, overridden: 1 }));
    expect(screen.getByText('Current override', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      '95',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Nothing changed')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Use the estimate' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(null));
  });

  it('speaks Vietnamese', () => {
    open(row(), 'vi');
    expect(screen.getByLabelText('Giá ghi đè')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lưu' })).toBeTruthy();
  });
});
