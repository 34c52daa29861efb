import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toast } from './toast';

describe('Toast', () => {
  it('is announced (politely, errors assertively) and Escape dismisses it before its 5 s', () => {
    const onDone = vi.fn();
    const { rerender } = render(<Toast message="Saved" kind="success" onDone={onDone} />);
    expect(screen.getByRole('status').textContent).toBe('Saved');
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onDone).toHaveBeenCalledTimes(1);

    rerender(<Toast message="Failed" kind="error" onDone={onDone} />);
    expect(screen.getByRole('alert').getAttribute('aria-live')).toBe('assertive');
  });

  it('listens for Escape only while it shows', () => {
    const onDone = vi.fn();
    render(<Toast message={null} onDone={onDone} />);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onDone).not.toHaveBeenCalled();
  });
});
