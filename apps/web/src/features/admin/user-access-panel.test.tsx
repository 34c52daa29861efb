/**
 * The User Access edit panel's rules (spec section 6) as the admin sees them: only what they may grant
 * is offered, a change they may not make is named before Save and Save stays off, their own admin right
 * stays, a user beyond their reach is read-only, and Save asks first with a summary of the change.
 */
import type { UserAccessDetail } from '@fieldforce/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider, translate, type Translate } from '../../lib/i18n';
import { useClientStore } from '../../lib/store';
import { describeEntry, EditForm, marketsText } from './components/user-access-page';
import { changeOf, stateOf } from './user-access-rules';

function detail(overrides: Partial<UserAccessDetail> = {}, user: Partial<UserAccessDetail['user']> = {}) {
  const base: UserAccessDetail = {
    user: {
      id: 'u1',
      name: 'Lan Nguyen',
      email: 'lan@demo.test',
      role: 'Supervisor',
      accessToUcube: true,
      accessToOperationalDashboards: false,
      isAdmin: false,
      isSuperUser: false,
      dtAccessCodes: ['VNDT001'],
      bsa: ['Distributor'],
      markets: ['vn'],
      status: 'active',
      lastLoginAt: '2026-11-20T08:00:00.000Z',
      deactivatedAt: null,
      deactivatedByName: null,
      activeSessions: 2,
      ...user,
    },
    can: { edit: true, deactivate: true, endSessions: true },
    refusal: null,
    grantor: {
      superUser: false,
      ucube: true,
      reports: true,
      dtCodes: ['VNDT001', 'VNDT002'],
      markets: ['vn'],
      bsa: ['Distributor', 'New Channel'],
    },
    roles: ['CD VP', 'Branch Manager', 'Supervisor', 'Team Leader'],
    dtOptions: [
      { code: 'VNDT001', name: 'Alpha', countryCode: 'vn' },
      { code: 'VNDT002', name: 'Beta', countryCode: 'vn' },
    ],
  };
  return { ...base, ...overrides };
}

function panel(d: UserAccessDetail, selfId = 'admin1') {
  useClientStore.setState({
    selectedCountryCode: 'vn',
    userDetails: { ...(useClientStore.getState().userDetails ?? ({} as never)), id: selfId },
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <I18nProvider language="en">
          <EditForm detail={d} onClose={vi.fn()} onSaved={vi.fn(async () => {})} />
        </I18nProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('the User Access edit panel', () => {
  it('offers a DT-limited admin only their distributors, never "All", and Save only once something changed', () => {
    panel(detail());
    expect(screen.queryByRole('checkbox', { name: 'All (Super Access)' })).toBeNull();
    const list = screen.getByRole('group', { name: 'Distributors you may give' });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(2);
    expect(save().disabled).toBe(true);
    fireEvent.click(within(list).getByRole('checkbox', { name: /VNDT002/ }));
    expect(save().disabled).toBe(false);
  });

  it('names a refused change before Save and keeps Save off (no DT code left: every distributor)', () => {
    panel(detail());
    fireEvent.click(screen.getByRole('button', { name: 'Remove DT code VNDT001' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'Only an admin with ‘All (Super Access)’ may give access to every distributor',
    );
    expect(save().disabled).toBe(true);
  });

  it('refuses Super User rights and BSAs the admin does not hold', () => {
    panel(detail());
    fireEvent.click(screen.getByRole('switch', { name: /Super User rights/ }));
    expect(screen.getByRole('alert').textContent).toContain('Only a Super User may grant Super User rights.');
    expect(save().disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Ice Cream' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'New Channel' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('keeps an admin’s own admin right and offers no deactivation of oneself', () => {
    panel(
      detail({ can: { edit: true, deactivate: false, endSessions: false } }, { id: 'me', isAdmin: true }),
      'me',
    );
    fireEvent.click(screen.getByRole('switch', { name: /Admin/ }));
    expect(screen.getByRole('alert').textContent).toContain('You cannot remove your own admin right.');
    expect(save().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });

  it('shows a user beyond the admin’s markets read-only, saying why', () => {
    panel(
      detail(
        { can: { edit: false, deactivate: false, endSessions: false }, refusal: 'x' },
        { markets: ['vn', 'bd'] },
      ),
    );
    expect(screen.getByRole('note').textContent).toBe(
      'This user also belongs to Bangladesh, a market you do not hold.',
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect((screen.getByRole('switch', { name: /UCube access/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('asks before saving, summarising each change', () => {
    panel(detail());
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'Team Leader' } });
    fireEvent.click(screen.getByRole('switch', { name: /Reports access/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /VNDT002/ }));
    fireEvent.click(save());
    const dialog = screen.getByRole('dialog', { name: 'Save the access of Lan Nguyen?' });
    const lines = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Role: Supervisor → Team Leader',
      'Reports access: Off → On',
      'DT access codes: added VNDT002',
    ]);
  });

  it('asks before deactivating, as a dangerous action naming the open sessions', () => {
    panel(detail());
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Lan Nguyen?' });
    expect(within(dialog).getByText(/open sessions: 2/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Deactivate' }).className).toContain('button--danger');
  });

  it('does not speak of signing out “0 open sessions” when the user has none', () => {
    panel(detail({}, { activeSessions: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Lan Nguyen?' });
    expect(within(dialog).queryByText(/0 open sessions/)).toBeNull();
    expect(
      within(dialog).getByText(/has no open session now and cannot sign in until reactivated/),
    ).toBeTruthy();
  });

  it('sends only the changed fields', () => {
    const d = detail();
    const before = stateOf(d);
    expect(
      changeOf('u1', before, { ...before, role: 'CD VP', dtAccessCodes: ['VNDT001', 'VNDT002'] }),
    ).toEqual({
      userId: 'u1',
      role: 'CD VP',
      dtAccessCodes: ['VNDT001', 'VNDT002'],
    });
  });
});

describe('a confirmation inside the panel', () => {
  it('takes Escape alone: the panel stays open', async () => {
    const { Dialog } = await import('../../components/dialog');
    const closePanel = vi.fn();
    const closeConfirm = vi.fn();
    render(
      <I18nProvider language="en">
        <Dialog title="Panel" onClose={closePanel}>
          <button type="button">In the panel</button>
          <Dialog title="Confirm" onClose={closeConfirm}>
            <button type="button">OK</button>
          </Dialog>
        </Dialog>
      </I18nProvider>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(closeConfirm).toHaveBeenCalledTimes(1);
    expect(closePanel).not.toHaveBeenCalled();
  });
});

describe('the table and the Activity Log in words', () => {
  const t: Translate = (key, vars) => translate('en', key, vars);

  it('names a user’s markets, and every market as “All markets” rather than seven names', () => {
    expect(marketsText(['vn'], t)).toBe('Vietnam');
    expect(marketsText(['vn', 'th'], t)).toBe('Vietnam, Thailand');
    expect(marketsText(['id', 'idic', 'vn', 'ph', 'th', 'pk', 'bd'], t)).toBe('All markets');
  });

  it('says what an access change did, before → after, not only which fields', () => {
    const entry = {
      id: '1',
      at: '2026-11-25T08:00:00.000Z',
      actorName: 'Admin',
      actorEmail: 'admin@demo.test',
      action: 'user.access.update',
      target: 'lan@demo.test',
      before: { accessToOperationalDashboards: true, role: 'Supervisor', dtAccessCodes: ['VNDT001'] },
      after: { accessToOperationalDashboards: false, role: 'Team Leader', dtAccessCodes: ['VNDT002'] },
      importId: null,
      fileName: null,
    };
    expect(describeEntry(entry, t)).toBe(
      'Reports access: On → Off · Role: Supervisor → Team Leader · DT access codes: added VNDT002; removed VNDT001',
    );
  });
});
