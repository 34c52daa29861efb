import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ColumnChart } from './column-chart';
import { columnLayout } from './layout';

const values = [40, 95, 70, 0];
const labels = ['W1', 'W2', 'W3', 'W4'];

function chart(extra: Partial<Parameters<typeof ColumnChart>[0]> = {}) {
  return render(
    <ColumnChart
      title="On-shelf availability by week"
      summary="Highest 95% in W2"
      values={values}
      labels={labels}
      format={(v) => `${v}%`}
      pointText={(i) => `${labels[i]}: ${values[i]}%`}
      max={100}
      reference={{ value: 80, label: 'Hurdle 80%' }}
      bad={(v) => v < 80}
      table={{ toggle: 'Show the figures', caption: 'OSA by week', bucketHeader: 'Week', valueHeader: 'OSA' }}
      {...extra}
    />,
  );
}

describe('ColumnChart', () => {
  it('is one image described by its summary, with one tab stop and arrow keys between columns', () => {
    const { container } = chart();
    const figure = screen.getByRole('img', { name: 'On-shelf availability by week' });
    expect(document.getElementById(figure.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Highest 95% in W2',
    );
    const columns = within(figure).getAllByRole('img');
    expect(columns.map((c) => c.getAttribute('aria-label'))).toEqual([
      'W1: 40%',
      'W2: 95%',
      'W3: 70%',
      'W4: 0%',
    ]);
    expect(columns.filter((c) => c.getAttribute('tabindex') === '0')).toEqual([columns[3]]);
    fireEvent.focus(columns[3]!);
    expect(container.querySelector('.chart-tip')?.textContent).toBe('W4: 0%');
    fireEvent.keyDown(columns[3]!, { key: 'Home' });
    expect(container.querySelector('.chart-tip')?.textContent).toBe('W1: 40%');
    expect(columns[0]!.getAttribute('tabindex')).toBe('0');
  });

  it('draws the reference line, marks the columns below it, and fixes the axis at the given top', () => {
    const { container } = chart();
    expect(container.querySelector('.chart__ref')?.textContent).toBe('Hurdle 80%');
    expect(container.querySelectorAll('.chart__bar--bad')).toHaveLength(3);
    const ticks = Array.from(container.querySelectorAll('.chart__axis')).map((t) => t.textContent);
    expect(ticks).toContain('100%');
    expect(ticks).not.toContain('120%');
  });

  it('writes the shorter axis labels under the columns and the whole labels in the table', () => {
    const { container } = chart({
      labels: ['24 Nov 2025', '1 Dec 2025', '5 Jan 2026', '12 Jan 2026'],
      axisLabels: ['24 Nov', '1 Dec', '5 Jan', '12 Jan'],
    });
    const axis = Array.from(container.querySelectorAll('.chart__axis')).map((t) => t.textContent);
    expect(axis).toContain('24 Nov');
    expect(axis.some((text) => text?.includes('2025'))).toBe(false);
    fireEvent.click(screen.getByText('Show the figures'));
    expect(screen.getByRole('rowheader', { name: '24 Nov 2025' })).toBeTruthy();
  });

  it('keeps the figures in a table with extra columns', () => {
    chart({
      table: {
        toggle: 'Show the figures',
        caption: 'OSA by week',
        bucketHeader: 'Week',
        valueHeader: 'OSA',
        extra: [{ key: 'n', header: 'Audits', cell: (i) => String(i * 10) }],
      },
    });
    const table = screen.getByRole('table', { name: 'OSA by week' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['95%', '10']);
  });
});

describe('columnLayout', () => {
  it('lays columns out inside the plot and honours a fixed top', () => {
    const layout = columnLayout([5, 20], 300, 160, 56, 100);
    expect(layout.yTicks.at(-1)!.value).toBe(100);
    expect(Math.max(...layout.bars.map((b) => b.x + b.w))).toBeLessThanOrEqual(layout.plot.right);
    expect(layout.bars[1]!.h).toBeCloseTo(layout.bars[0]!.h * 4, 0);
  });
});
