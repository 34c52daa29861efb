import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FlagFilterField, parseCodeList } from './form-field';

describe('FlagFilterField', () => {
  it('is a labelled select offering either, on and off in the tool’s words, answering 1/0/empty', () => {
    const onChange = vi.fn();
    render(
      <FlagFilterField
        label="Geo-Compliance Check"
        value=""
        onChange={onChange}
        allLabel="All"
        onLabel="Enabled"
        offLabel="Disabled"
      />,
    );
    const select = screen.getByLabelText('Geo-Compliance Check');
    expect([...(select as HTMLSelectElement).options].map((o) => [o.value, o.text])).toEqual([
      ['', 'All'],
      ['1', 'Enabled'],
      ['0', 'Disabled'],
    ]);
    fireEvent.change(select, { target: { value: '0' } });
    expect(onChange).toHaveBeenCalledWith('0');
  });
});

describe('parseCodeList', () => {
  it('splits at commas, trims, drops blanks and repeats', () => {
    expect(parseCodeList(' A1, B2,,A1 , ')).toEqual(['A1', 'B2']);
  });
});
