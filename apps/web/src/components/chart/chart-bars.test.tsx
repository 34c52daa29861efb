import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChartBars } from './chart-bars';
import { barScale } from './layout';

describe('barScale', () => {
  it('fills the width with the largest value and clamps the rest', () => {
    const scale = barScale([50, 200, null, -3], 300);
    expect(scale(200)).toBe(300);
    expect(scale(50)).toBe(75);
    expect(scale(null)).toBe(0);
    expect(scale(-3)).toBe(0);
    expect(barScale([0, null], 300)(0)).toBe(0);
  });
});

describe('ChartBars', () => {
  it('is a figure named by its title with one list item per row, read whole', () => {
    const { container } = render(
      <ChartBars
        title="GSV: target against actual"
        description="Light bar: target"
        format={(v) => `${v}M`}
        targetText={(target) => (target === null ? 'no target' : `target ${target}`)}
        items={[
          { key: 'a', label: 'Alpha', actual: 50, target: 200, note: '25.00% · Behind', band: 'bad' },
          { key: 'b', label: 'Beta', actual: 120, target: null, note: 'NA', band: 'na' },
        ]}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'GSV: target against actual' });
    expect(figure.getAttribute('aria-describedby')).toBe(screen.getByText('Light bar: target').id);
    const rows = within(figure).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Alpha50M, target 200M · 25.00% · Behind',
      'Beta120M, no target · NA',
    ]);
    // The largest figure (200) fills the bar; the bars themselves are hidden from screen readers.
    const bars = container.querySelectorAll<HTMLElement>('.chart-bars__bar');
    expect(bars[0]!.getAttribute('aria-hidden')).toBe('true');
    expect(bars[0]!.querySelector<HTMLElement>('.chart-bars__target')!.style.width).toBe('100%');
    expect(bars[0]!.querySelector<HTMLElement>('.chart-bars__actual')!.style.width).toBe('25%');
    expect(bars[1]!.querySelector<HTMLElement>('.chart-bars__target')!.style.width).toBe('0%');
    expect(bars[1]!.querySelector<HTMLElement>('.chart-bars__actual')!.style.width).toBe('60%');
  });
});
