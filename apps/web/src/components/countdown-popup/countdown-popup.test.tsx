import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n';
import { CountdownPopup } from './countdown-popup';

afterEach(() => vi.useRealTimers());

describe('CountdownPopup', () => {
  it('counts down from 5, closes itself, and returns focus', () => {
    vi.useFakeTimers();
    const before = document.createElement('button');
    document.body.append(before);
    before.focus();
    const onClose = vi.fn();
    const { unmount } = render(
      <I18nProvider>
        <CountdownPopup
          kind="failure"
          message="Status cannot be updated due to error. Kindly update again."
          onClose={onClose}
        />
      </I18nProvider>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Failed' });
    expect(dialog.className).toContain('countdown--failure');
    expect(screen.getByText('Closes in 5 s')).toBeTruthy();
    expect(document.activeElement?.closest('[role="alertdialog"]')).toBe(dialog);
    act(() => vi.advanceTimersByTime(2_100));
    expect(screen.getByText('Closes in 3 s')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(3_000));
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();
    expect(document.activeElement).toBe(before);
    before.remove();
  });
});
