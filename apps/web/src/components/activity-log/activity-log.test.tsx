import type { ActivityEntry } from '@fieldforce/contracts';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActivityTarget } from './activity-log';

const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  id: '1',
  at: '2026-11-25T10:00:00Z',
  actorName: 'Lan Nguyen',
  actorEmail: 'lan@demo.test',
  action: 'outlet.status.update',
  target: null,
  before: null,
  after: null,
  importId: null,
  fileName: null,
  ...over,
});

describe('an Activity Log entry’s target', () => {
  it('names it for people over the code the log keeps', () => {
    const { container } = render(
      <ActivityTarget entry={entry({ target: '1100000003', targetName: 'Toko Bayu' })} />,
    );
    expect(container.textContent).toBe('Toko Bayu1100000003');
    expect(container.querySelector('.activity__code')?.textContent).toBe('1100000003');
  });

  it('an email wraps at its @ and dots; no target is a dash', () => {
    const { container } = render(
      <ActivityTarget
        entry={entry({ target: 'hang.bui@vn.fieldforce.test', targetName: 'Bùi Thanh Hằng' })}
      />,
    );
    expect(container.querySelectorAll('wbr').length).toBeGreaterThan(1);
    expect(container.textContent).toBe('Bùi Thanh Hằnghang.bui@vn.fieldforce.test');
    const none = render(<ActivityTarget entry={entry({})} />);
    expect(none.container.textContent).toBe('—');
  });
});
