import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, type Language } from '../lib/i18n';
import { DateRangeFields, type DateRangeFieldsProps } from './date-range-fields';

type Extra = Partial<Omit<DateRangeFieldsProps, 'from' | 'to' | 'onChange'>>;

function Range({
  language = 'en',
  from,
  to,
  ...extra
}: Extra & { language?: Language; from: string; to: string }) {
  const [range, setRange] = useState({ from, to });
  return (
    <I18nProvider language={language}>
      <DateRangeFields fromLabel="From" toLabel="To" {...extra} {...range} onChange={setRange}>
        <button type="submit">Apply</button>
      </DateRangeFields>
    </I18nProvider>
  );
}

/** The texts an element's aria-describedby points at. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');

describe('DateRangeFields', () => {
  it('shows the range’s message once, under the pair, read for both fields with their format', () => {
    render(<Range language="vi" from="2026-11-20" to="2026-11-10" error="Ngày bắt đầu sau ngày kết thúc." />);
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    const message = screen.getByRole('alert');
    expect(message.closest('.date-range-fields__messages')).toBeTruthy();
    expect(message.closest('.date-range-fields__pair')).toBeNull();
    for (const field of [from, to]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(description(field)).toEqual([
        expect.stringMatching(/24\/11\/2026/),
        'Ngày bắt đầu sau ngày kết thúc.',
      ]);
    }
    expect(screen.getByRole('button', { name: 'Apply' }).closest('.date-range-fields__pair')).toBeTruthy();
  });

  it('marks only the field at fault when the range says which', () => {
    render(
      <Range from="2026-11-20" to="2026-11-10" error="The end date cannot be in the future." errorOn="to" />,
    );
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(description(screen.getByLabelText('From'))).toContain('The end date cannot be in the future.');
  });

  it('shows a field’s own problem under the pair, led by its label, and clears it when mended', () => {
    render(<Range from="2026-11-01" to="2026-11-10" max="2026-11-24" />);
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    fireEvent.change(from, { target: { value: '31/02/2026' } });
    fireEvent.blur(from);
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe(
      'From: Type a date as day, month, year, for example 24-Nov-26 or 24/11/2026.',
    );
    expect(message.closest('.date-range-fields__messages')).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(description(from)).toContain(message.textContent);
    expect(to.getAttribute('aria-invalid')).toBeNull();
    expect(description(to)).not.toContain(message.textContent);
    fireEvent.change(from, { target: { value: '02/11/2026' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(from.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a form’s message about one field, and links the calendars when asked', () => {
    render(<Range from="2026-11-05" to="2026-11-10" toError="Required" linked />);
    expect(screen.getByText('Required').parentElement!.textContent).toBe('To: Required');
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBeNull();
    const calendar = (label: string) =>
      screen.getByLabelText(label).parentElement!.querySelector('input[type="date"]')!;
    expect(calendar('From').getAttribute('max')).toBe('2026-11-10');
    expect(calendar('To').getAttribute('min')).toBe('2026-11-05');
  });
});
