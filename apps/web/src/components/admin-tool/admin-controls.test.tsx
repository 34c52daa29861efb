import type { DtFilterOptions } from '@fieldforce/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DtSiteFilterFields } from './admin-controls';

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
