import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider, type Language } from '../lib/i18n';
import { DateField } from './date-input';
import { dateText, parseDateText, stepDay } from './date-input-logic';

describe('date text in the app’s language', () => {
  it('reads day first, with / - . or spaces, month words in English, ISO and eight digits', () => {
    for (const text of ['24/11/2026', '24-11-2026', '24.11.26', '24 11 2026', '24-Nov-26', '24 nov 2026']) {
      expect(parseDateText(text)).toBe('2026-11-24');
    }
    expect(parseDateText('2026-11-24')).toBe('2026-11-24');
    expect(parseDateText('24112026')).toBe('2026-11-24');
    expect(parseDateText('3/4/2026')).toBe('2026-04-03');
  });

  it('refuses what is not a calendar day', () => {
    for (const text of ['', '31/02/2026', '11/24/2026', '24/11', 'tomorrow', '24-Foo-26']) {
      expect(parseDateText(text)).toBeNull();
    }
  });

  it('writes 24/11/2026 in Vietnamese and 24-Nov-26 in English; steps within bounds', () => {
    expect(dateText('2026-11-24', 'vi')).toBe('24/11/2026');
    expect(dateText('2026-11-24', 'en')).toBe('24-Nov-26');
    expect(stepDay('2026-11-30', 1)).toBe('2026-12-01');
    expect(stepDay('2026-11-24', 1, undefined, '2026-11-24')).toBe('2026-11-24');
  });
});

function Field({ language, onChange }: { language: Language; onChange(day: string): void }) {
  const [day, setDay] = useState('2026-11-02');
  return (
    <I18nProvider language={language}>
      <DateField
        label="Start date"
        value={day}
        max="2026-11-30"
        onChange={(next) => {
          setDay(next);
          onChange(next);
        }}
      />
    </I18nProvider>
  );
}

describe('DateField', () => {
  it('shows and takes dd/mm/yyyy in Vietnamese, with the format in its description', () => {
    const onChange = vi.fn();
    render(<Field language="vi" onChange={onChange} />);
    const field = screen.getByLabelText('Start date') as HTMLInputElement;
    expect(field.value).toBe('02/11/2026');
    expect(field.getAttribute('placeholder')).toBe('dd/mm/yyyy');
    expect(field.getAttribute('type')).toBe('text');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /24\/11\/2026/,
    );
    fireEvent.change(field, { target: { value: '5/11/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-11-05');
    fireEvent.blur(field);
    expect(field.value).toBe('05/11/2026');
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(onChange).toHaveBeenLastCalledWith('2026-11-06');
    expect(screen.getByRole('button', { name: 'Mở lịch' })).toBeTruthy();
  });

  it('says what is wrong when the field is left: not a date, or after the last day allowed', () => {
    const onChange = vi.fn();
    render(<Field language="en" onChange={onChange} />);
    const field = screen.getByLabelText('Start date') as HTMLInputElement;
    expect(field.value).toBe('02-Nov-26');
    fireEvent.change(field, { target: { value: '11/24/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(field);
    expect(screen.getByRole('alert').textContent).toMatch(/day, month, year/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: '1/12/2026' } });
    fireEvent.blur(field);
    expect(screen.getByRole('alert').textContent).toBe('Choose a date on or before 30-Nov-26.');
    fireEvent.change(field, { target: { value: '24 Nov 2026' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24');
  });
});
