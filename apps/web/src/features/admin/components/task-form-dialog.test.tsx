/**
 * The Task Management form as an admin uses it: the form's own rules are shown beside their fields
 * (nothing is sent), the server's refusals (codes the market does not have) are shown beside theirs,
 * a valid task is sent with its codes split and trimmed, and outlet types and subtypes are chosen from
 * what the market's outlets hold (in the reader's language), at most 10 of each.
 */
import { fail, ok } from '@fieldforce/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { configureApiClient } from '../../../lib/api-client';
import { envelopeResponse } from '../../../test/session';
import { draftToInput, splitCodes, subtypeGroups, TaskFormDialog, withTypes } from './task-form-dialog';

const OFFERED = {
  outletTypes: [
    { type: 'Grocery', subtypes: ['Large Grocery', 'Small Grocery'] },
    { type: 'Wet Market', subtypes: ['Market Shop', 'Market Stall'] },
    ...Array.from({ length: 11 }, (_, i) => ({
      type: `Type ${String(i + 1).padStart(2, '0')}`,
      subtypes: [],
    })),
  ],
};

/** Answers the form's outlet-type list; every other call gets `answer` (the save, or the task to edit). */
function server(answer: (init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) =>
    String(url).includes('/outletTypes') ? envelopeResponse(200, ok(OFFERED)) : answer(init),
  );
  configureApiClient({ fetch: fetchMock as unknown as typeof fetch, deviceId: async () => 'd' });
  /** The calls other than the outlet-type list. */
  const sent = () => fetchMock.mock.calls.filter(([url]) => !String(url).includes('/outletTypes'));
  return { fetchMock, sent };
}

function open(answer: () => Response, language: 'en' | 'vi' = 'en', code: string | null = null) {
  const { sent } = server(answer);
  const onSaved = vi.fn();
  render(
    <AppProviders language={language}>
      <TaskFormDialog country="vn" code={code} onClose={vi.fn()} onSaved={onSaved} />
    </AppProviders>,
  );
  return { sent, onSaved };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('splitCodes', () => {
  it('splits on commas, semicolons and spaces, each code once', () => {
    expect(splitCodes(' A1, B2;C3  A1\nD4 ')).toEqual(['A1', 'B2', 'C3', 'D4']);
    expect(draftToInput({ ...emptyDraft(), locationCode: '  ' }).locationCode).toBeNull();
  });
});

describe('outlet types and subtypes', () => {
  const word = (w: string) => w.toUpperCase();
  const compare = (a: string, b: string) => a.localeCompare(b);
  it('offers the subtypes of the chosen types, or of every type while none is chosen', () => {
    expect(subtypeGroups(OFFERED.outletTypes, [], word, compare).map((g) => g.heading)).toEqual([
      'GROCERY',
      'WET MARKET',
    ]);
    expect(subtypeGroups(OFFERED.outletTypes, ['Wet Market'], word, compare)).toEqual([
      {
        heading: 'WET MARKET',
        options: [
          { value: 'Market Shop', label: 'MARKET SHOP' },
          { value: 'Market Stall', label: 'MARKET STALL' },
        ],
      },
    ]);
  });

  it('drops the subtypes of a type no longer chosen, and keeps ones it does not know', () => {
    const offered = OFFERED.outletTypes;
    expect(withTypes(offered, ['Grocery'], ['Small Grocery', 'Market Stall', 'Old Subtype'])).toEqual({
      outletTypes: ['Grocery'],
      outletSubtypes: ['Small Grocery', 'Old Subtype'],
    });
    // No type chosen: every subtype may stay.
    expect(withTypes(offered, [], ['Market Stall'])).toEqual({
      outletTypes: [],
      outletSubtypes: ['Market Stall'],
    });
  });

  it('chooses types in Vietnamese, finds them without marks, and stops at 10', async () => {
    const { sent, onSaved } = open(
      () => envelopeResponse(200, ok({ task: { code: 'T1', targets: 1 } })),
      'vi',
    );
    const types = await screen.findByRole('group', { name: 'Loại cửa hàng' });
    const box = (name: string) => within(types).getByRole('checkbox', { name });
    fireEvent.click(await within(types).findByRole('checkbox', { name: 'Chợ truyền thống' }));
    // Its subtypes only, under its heading, in Vietnamese.
    const subtypes = screen.getByRole('group', { name: 'Phân loại cửa hàng' });
    expect(
      within(subtypes)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent),
    ).toEqual(['Sạp chợ', 'Cửa hàng trong chợ'].sort((a, b) => new Intl.Collator('vi').compare(a, b)));
    fireEvent.click(within(subtypes).getByRole('checkbox', { name: 'Sạp chợ' }));
    // Find narrows the 13 types without Vietnamese marks ('tap hoa' finds 'Tạp hóa').
    fireEvent.change(within(types).getByRole('searchbox'), { target: { value: 'tap hoa' } });
    expect(
      within(types)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent),
    ).toEqual(['Chợ truyền thống', 'Tạp hóa']);
    fireEvent.change(within(types).getByRole('searchbox'), { target: { value: '' } });
    for (let i = 1; i <= 9; i += 1) fireEvent.click(box(`Type ${String(i).padStart(2, '0')}`));
    expect(within(types).getByText('Đã chọn 10, tối đa 10')).toBeTruthy();
    expect(box('Type 10')).toHaveProperty('disabled', true);
    expect(box('Tạp hóa')).toHaveProperty('disabled', true);
    fireEvent.click(box('Type 09'));
    expect(box('Type 10')).toHaveProperty('disabled', false);

    type('Tiêu đề', 'Kiểm tra');
    type('Mã khu vực', 'VNDT001');
    type('Ngày bắt đầu', '2030-03-01');
    type('Ngày kết thúc', '2030-03-31');
    fireEvent.click(screen.getByRole('button', { name: 'Lưu công việc' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(JSON.parse(String(sent()[0]![1]!.body))).toMatchObject({
      outletTypes: ['Wet Market', ...Array.from({ length: 8 }, (_, i) => `Type 0${i + 1}`)],
      outletSubtypes: ['Market Stall'],
    });
  });
});

function emptyDraft() {
  return {
    title: 't',
    kind: 'displayCheck' as const,
    description: '',
    locationCode: '',
    outletTypes: [],
    outletSubtypes: [],
    customerCodes: '',
    itemCodes: '',
    startDate: '2030-01-01',
    endDate: '2030-01-02',
  };
}

describe('the task form', () => {
  it('shows each problem beside its field and sends nothing', async () => {
    const { sent } = open(() => envelopeResponse(200, ok({})));
    type('Task type', 'productPush');
    type('Start date', '2030-03-10');
    type('End date', '2030-03-01');
    fireEvent.click(screen.getByRole('button', { name: 'Save task' }));
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeTruthy();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Required')).toBeTruthy();
    expect(screen.getByText('Give a location code or customer codes')).toBeTruthy();
    expect(screen.getByText('A product push needs at least one item code')).toBeTruthy();
    expect(screen.getByText('The end date is before the start date')).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it('shows the server’s refusal beside the field it names', async () => {
    open(() =>
      envelopeResponse(
        400,
        fail(400, 'VALIDATION_FAILED', 'itemCodes: unknown', [
          { field: 'body.itemCodes', message: 'unknown' },
        ]),
      ),
    );
    type('Title', 'Push');
    type('Location code', 'VNDT001');
    type('Item codes', 'NOPE');
    type('Start date', '2030-03-01');
    type('End date', '2030-03-31');
    fireEvent.click(screen.getByRole('button', { name: 'Save task' }));
    expect(await screen.findByText('Not known in this market')).toBeTruthy();
    expect(screen.getByLabelText('Item codes').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends a valid task with its codes split, in Vietnamese too', async () => {
    const task = { code: 'T000001', targets: 3 };
    const { sent, onSaved } = open(() => envelopeResponse(200, ok({ task })), 'vi');
    type('Tiêu đề', 'Kiểm tra');
    type('Mã khách hàng', '1001, 1002 1003');
    type('Ngày bắt đầu', '2030-03-01');
    type('Ngày kết thúc', '2030-03-31');
    fireEvent.click(screen.getByRole('button', { name: 'Lưu công việc' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(task));
    const [url, init] = sent()[0]!;
    expect(String(url)).toMatch(/\/api\/admin\/tasks\?countryCode=vn$/);
    expect(JSON.parse(String(init!.body))).toMatchObject({
      title: 'Kiểm tra',
      kind: 'displayCheck',
      locationCode: null,
      customerCodes: ['1001', '1002', '1003'],
      startDate: '2030-03-01',
      endDate: '2030-03-31',
    });
  });

  it('loads a task to edit and sends the change with PUT', async () => {
    const detail = {
      code: 'T000007',
      title: 'Cooler check',
      kind: 'displayCheck',
      description: '',
      locationCode: 'VNDT001S01',
      outletTypes: ['Wet Market'],
      outletSubtypes: [],
      customerCodes: [],
      itemCodes: [],
      startDate: '2030-03-01',
      endDate: '2030-03-31',
      status: 'open',
      targets: 4,
      createdByName: null,
      createdAt: '2030-02-01T00:00:00.000Z',
      updatedAt: '2030-02-01T00:00:00.000Z',
      closedAt: null,
      canEdit: true,
    };
    const { sent } = server((init) =>
      envelopeResponse(
        200,
        ok(init?.method === 'PUT' ? { task: { ...detail, title: 'Cooler check 2' } } : detail),
      ),
    );
    const onSaved = vi.fn();
    render(
      <AppProviders language="en">
        <TaskFormDialog country="vn" code="T000007" onClose={vi.fn()} onSaved={onSaved} />
      </AppProviders>,
    );
    expect(await screen.findByDisplayValue('Cooler check')).toBeTruthy();
    const types = await screen.findByRole('group', { name: 'Outlet types' });
    expect(await within(types).findByRole('checkbox', { name: 'Wet Market' })).toHaveProperty(
      'checked',
      true,
    );
    type('Title', 'Cooler check 2');
    fireEvent.click(screen.getByRole('button', { name: 'Save task' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = sent()[1]!;
    expect(init!.method).toBe('PUT');
    expect(String(url)).toMatch(/\/api\/admin\/tasks\/T000007\?countryCode=vn$/);
    expect(JSON.parse(String(init!.body))).toMatchObject({
      title: 'Cooler check 2',
      outletTypes: ['Wet Market'],
    });
  });
});
