import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DailyTrendAnswer, TrendDay } from '@fieldforce/contracts';
import { I18nProvider } from '../../../lib/i18n';
import { TrendChart } from './trend-chart';

const day = (n: number): TrendDay => ({
  date: `2026-11-${String(n).padStart(2, '0')}`,
  gsv: 1_000_000,
  gsvCumulative: n * 1_000_000,
  newEco: 2,
  ecoCumulative: n * 2,
  productiveCalls: 10,
  productiveCallsCumulative: n * 10,
  plannedCalls: 12,
  plannedCallsCumulative: n * 12,
  bills: 10,
  billsCumulative: n * 10,
});

const answer: DailyTrendAnswer = {
  countryCode: 'vn',
  bsa: 'Distributor',
  period: 'mtd',
  month: '2026-11-01',
  daysInMonth: 30,
  daysGone: 20,
  targets: { gsv: 60_000_000, eco: null, productiveCalls: 300, bills: 300 },
  days: Array.from({ length: 20 }, (_, i) => day(i + 1)),
};

describe('TrendChart', () => {
  it('names the chart, states the actual against the line, and switches KPI', () => {
    render(
      <I18nProvider language="en">
        <TrendChart answer={answer} />
      </I18nProvider>,
    );
    const chart = screen.getByRole('img', { name: /GSV: cumulative actual/ });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText(
        'GSV: 20.00M by 20 Nov, against 40.00M on the straight line to the month target of 60.00M (33.33% of the target). Behind the line.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Today')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'GSV by day', hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(21);

    fireEvent.click(screen.getByRole('button', { name: 'ECO' }));
    expect(screen.getByRole('button', { name: 'ECO' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/^ECO: 40 by 20 Nov\. There is no monthly target/)).toBeTruthy();
    expect(screen.queryByText('Straight line to the target (dashed)')).toBeNull();
  });

  it('ends the axis just above the target and shows a point’s value on focus, with one tab stop', () => {
    const { container } = render(
      <I18nProvider language="en">
        <TrendChart answer={{ ...answer, targets: { ...answer.targets, gsv: 57_000_000 } }} />
      </I18nProvider>,
    );
    const labels = Array.from(container.querySelectorAll('.trend__axis')).map((t) => t.textContent);
    expect(labels).toContain('60.00M');
    expect(labels).not.toContain('100.00M');
    const dots = screen.getAllByRole('img', { name: /^\d+ Nov: / });
    expect(dots.filter((d) => d.getAttribute('tabindex') === '0')).toHaveLength(1);
    const last = dots.at(-1)!;
    fireEvent.focus(last);
    expect(container.querySelector('.chart-tip')?.textContent).toBe('20 Nov: 20.00M');
    fireEvent.keyDown(last, { key: 'ArrowLeft' });
    expect(container.querySelector('.chart-tip')?.textContent).toBe('19 Nov: 19.00M');
    fireEvent.blur(dots.at(-2)!);
    expect(container.querySelector('.chart-tip')).toBeNull();
  });

  it('speaks Vietnamese and has no today marker for last month', () => {
    render(
      <I18nProvider language="vi">
        <TrendChart answer={{ ...answer, period: 'lm' }} />
      </I18nProvider>,
    );
    expect(screen.getByRole('img', { name: /GSV: thực đạt lũy kế/ })).toBeTruthy();
    expect(screen.getByText(/Đang chậm hơn đường tiến độ\.$/)).toBeTruthy();
    expect(screen.queryByText('Hôm nay')).toBeNull();
  });
});
