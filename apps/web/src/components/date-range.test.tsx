import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../lib/i18n';
import { checkRange, quickRange, todayIso } from './date-range';
import { DateRangePicker } from './date-range-picker';

const TODAY = '2026-11-21';

describe('date range rules', () => {
  it('quick ranges end today and count both ends; 60 days is still allowed', () => {
    expect(quickRange(7, TODAY)).toEqual({ from: '2026-11-15', to: TODAY });
    const sixty = quickRange(60, TODAY);
    expect(sixty).toEqual({ from: '2026-09-23', to: TODAY });
    expect(checkRange(sixty.from, sixty.to, TODAY)).toEqual({ ok: true, days: 60 });
  });

  it('names the broken rule: 61 days, before 1 Oct 2023, reversed, future', () => {
    expect(checkRange('2026-09-22', TODAY, TODAY)).toEqual({ ok: false, rule: 'maxDays', days: 61 });
    expect(checkRange('2023-09-30', '2023-10-05', TODAY)).toMatchObject({ ok: false, rule: 'dataStart' });
    expect(checkRange('2026-11-10', '2026-11-01', TODAY)).toMatchObject({ ok: false, rule: 'order' });
    expect(checkRange('2026-11-20', '2026-11-22', TODAY)).toMatchObject({ ok: false, rule: 'future' });
    expect(checkRange('', TODAY, TODAY)).toMatchObject({ ok: false, rule: 'format' });
  });

  it('quick ranges never start before the data does', () => {
    expect(quickRange(60, '2023-10-10').from).toBe('2023-10-01');
  });

  it('today is the UTC day (the server checks against it)', () => {
    expect(todayIso(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-21');
    expect(todayIso(new Date('2026-11-21T23:30:00Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-11-22');
  });
});

function renderPicker(from: string, to: string) {
  const onChange = vi.fn();
  render(
    <I18nProvider language="en">
      <DateRangePicker from={from} to={to} today={TODAY} onChange={onChange} />
    </I18nProvider>,
  );
  return onChange;
}

describe('DateRangePicker', () => {
  it('shows the days the app’s way and bounds the calendars by 1 Oct 2023 and today', () => {
    renderPicker('2026-11-01', TODAY);
    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect(from.value).toBe('01-Nov-26');
    const calendar = (field: HTMLElement) => field.parentElement!.querySelector('input[type="date"]')!;
    expect(calendar(from).getAttribute('min')).toBe('2023-10-01');
    expect(calendar(from).getAttribute('max')).toBe(TODAY);
    expect(calendar(screen.getByLabelText('To')).getAttribute('max')).toBe(TODAY);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the rule message for more than 60 days', () => {
    renderPicker('2026-08-01', TODAY);
    expect(screen.getByRole('alert').textContent).toBe('Choose at most 60 days (this range has 113).');
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the data-start message before 1 Oct 2023', () => {
    renderPicker('2023-09-15', '2023-10-02');
    expect(screen.getByRole('alert').textContent).toBe('Data is available from 01-Oct-23 only.');
    // The start is at fault, not the end; both are described by the message.
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('To').getAttribute('aria-describedby')).toContain(
      screen.getByRole('alert').id,
    );
  });

  it('quick ranges set both dates and mark the active one', () => {
    const onChange = renderPicker('2026-11-15', TODAY);
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(onChange).toHaveBeenCalledWith({ from: '2026-10-23', to: TODAY });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-15', to: '2026-11-20' });
  });
});
