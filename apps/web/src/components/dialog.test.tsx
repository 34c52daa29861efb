import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../lib/i18n';
import { Dialog } from './dialog';

function show(body: React.ReactNode) {
  return render(
    <I18nProvider language="en">
      <Dialog title="Override the price" onClose={() => {}}>
        {body}
      </Dialog>
    </I18nProvider>,
  );
}

describe('Dialog focus on opening', () => {
  it('goes to the first field, so a one-field dialog is typed in at once', () => {
    show(
      <>
        <p>Silkara Shampoo · Grocery</p>
        <label>
          Price <input />
        </label>
        <button type="button">Save</button>
      </>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Price'));
  });

  it('without a field, to the first control (the close button), never to a confirming action', () => {
    show(<button type="button">Delete</button>);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('on a touch screen to the first control, so no keyboard rises over the dialog', () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(pointer: coarse)',
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );
    try {
      show(
        <label>
          Price <input />
        </label>,
      );
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
