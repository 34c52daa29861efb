/**
 * The progress bar of a task: its figures in words (the bar's accessible name and the legend), shares
 * of the targeted outlets, and a plain sentence when no outlet is targeted; the team table's totals row.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import { ProgressBar, TeamTable } from './task-progress';

describe('the progress bar', () => {
  it('names done, not done and not reached with their shares', () => {
    render(
      <I18nProvider language="en">
        <ProgressBar counts={{ targeted: 8, reached: 6, done: 4, notDone: 2, notReached: 2 }} />
      </I18nProvider>,
    );
    expect(
      screen.getByRole('img', {
        name: '4 done (50%), 2 visited but not done (25%), 2 not reached (25%).',
      }),
    ).toBeTruthy();
    expect(screen.getByText('Progress over 8 targeted outlets')).toBeTruthy();
    expect(screen.getByRole('list').textContent).toContain('Not reached: 2 (25%)');
  });

  it('says so when no outlet is targeted, in Vietnamese too', () => {
    render(
      <I18nProvider language="vi">
        <ProgressBar counts={{ targeted: 0, reached: 0, done: 0, notDone: 0, notReached: 0 }} />
      </I18nProvider>,
    );
    expect(screen.getByText('Không có cửa hàng mục tiêu nào thuộc nhà phân phối của bạn.')).toBeTruthy();
  });

  it("heads the team table's totals row 'All teams', not the bar's caption again", () => {
    const counts = { targeted: 8, reached: 6, done: 4, notDone: 2, notReached: 2 };
    render(
      <I18nProvider language="en">
        <TeamTable teams={[]} overall={counts} onDrill={() => undefined} />
      </I18nProvider>,
    );
    const total = screen.getAllByRole('row').at(-1)!;
    expect(total.querySelector('th')?.textContent).toBe('All teams');
    expect(total.textContent).toContain('50%');
  });
});
