/**
 * ChecklistField on its own: the legend names the group, the count and the error are announced with
 * it, a chosen value the list no longer holds stays shown and can be cleared, Find says when nothing
 * matches, and an empty list says why.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../lib/i18n';
import { ChecklistField, type ChecklistGroup } from './checklist-field';

const many: ChecklistGroup[] = [
  { options: Array.from({ length: 13 }, (_, i) => ({ value: `v${i}`, label: `Choice ${i}` })) },
];

function Harness({
  groups,
  initial,
  error,
}: {
  groups: ChecklistGroup[];
  initial: string[];
  error?: string;
}) {
  const [selected, setSelected] = useState(initial);
  return (
    <I18nProvider language="en">
      <ChecklistField
        legend="Outlet types"
        hint="Any type while none is chosen."
        error={error}
        groups={groups}
        selected={selected}
        onChange={setSelected}
        max={3}
        emptyText="Nothing to choose from."
      />
    </I18nProvider>
  );
}

describe('ChecklistField', () => {
  it('announces its hint, count and error with the group, and keeps a value the list lost', () => {
    render(<Harness groups={many} initial={['gone']} error="Not known in this market" />);
    const group = screen.getByRole('group', { name: 'Outlet types' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    const described = group
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)!.textContent);
    expect(described).toEqual([
      'Any type while none is chosen.',
      '1 of at most 3 chosen',
      'Not known in this market',
    ]);
    expect(within(group).getByRole('checkbox', { name: 'gone' })).toHaveProperty('checked', true);
    fireEvent.click(within(group).getByRole('button', { name: 'Clear Outlet types' }));
    expect(within(group).queryByRole('checkbox', { name: 'gone' })).toBeNull();
    expect(within(group).getByText('None chosen')).toBeTruthy();
  });

  it('says when Find matches nothing, and why an empty list is empty', () => {
    render(<Harness groups={many} initial={[]} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find in Outlet types' }), {
      target: { value: 'zzz' },
    });
    expect(screen.getByText('Nothing matches.')).toBeTruthy();
  });

  it('has no Find box for a short list, and says an empty list is empty', () => {
    render(<Harness groups={[]} initial={[]} />);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getByText('Nothing to choose from.')).toBeTruthy();
  });
});
