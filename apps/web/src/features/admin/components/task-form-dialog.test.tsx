/**
 * The Task Management form as an admin uses it: the form's own rules are shown beside their fields
 * (nothing is sent), the server's refusals (codes the market does not have) are shown beside theirs,
 * and a valid task is sent with its codes split and trimmed.
 */
import { fail, ok } from '@fieldforce/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { I18nProvider } from '../../../lib/i18n';
import { envelopeResponse } from '../../../test/session';
import { draftToInput, splitCodes, TaskFormDialog } from './task-form-dialog';

function open(answer: () => Response, language: 'en' | 'vi' = 'en') {
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => answer());
  configureApiClient({ fetch: fetchMock as unknown as typeof fetch, deviceId: async () => 'd' });
  const onSaved = vi.fn();
  render(
    <I18nProvider language={language}>
      <TaskFormDialog country="vn" code={null} onClose={vi.fn()} onSaved={onSaved} />
    </I18nProvider>,
  );
  return { fetchMock, onSaved };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('splitCodes', () => {
  it('splits on commas, semicolons and spaces, each code once', () => {
    expect(splitCodes(' A1, B2;C3  A1\nD4 ')).toEqual(['A1', 'B2', 'C3', 'D4']);
    expect(draftToInput({ ...emptyDraft(), locationCode: '  ' }).locationCode).toBeNull();
    // Outlet types are names: 'Wet Market' stays one.
    expect(draftToInput({ ...emptyDraft(), outletTypes: 'Wet  Market, Grocery' }).outletTypes).toEqual([
      'Wet Market',
      'Grocery',
    ]);
  });
});

function emptyDraft() {
  return {
    title: 't',
    kind: 'displayCheck' as const,
    description: '',
    locationCode: '',
    outletTypes: '',
    outletSubtypes: '',
    customerCodes: '',
    itemCodes: '',
    startDate: '2030-01-01',
    endDate: '2030-01-02',
  };
}

describe('the task form', () => {
  it('shows each problem beside its field and sends nothing', async () => {
    const { fetchMock } = open(() => envelopeResponse(200, ok({})));
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
    expect(fetchMock).not.toHaveBeenCalled();
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
    const { fetchMock, onSaved } = open(() => envelopeResponse(200, ok({ task })), 'vi');
    type('Tiêu đề', 'Kiểm tra');
    type('Mã khách hàng', '1001, 1002 1003');
    type('Ngày bắt đầu', '2030-03-01');
    type('Ngày kết thúc', '2030-03-31');
    fireEvent.click(screen.getByRole('button', { name: 'Lưu công việc' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(task));
    const [url, init] = fetchMock.mock.calls[0]!;
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
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
      envelopeResponse(
        200,
        ok(init?.method === 'PUT' ? { task: { ...detail, title: 'Cooler check 2' } } : detail),
      ),
    );
    configureApiClient({ fetch: fetchMock as unknown as typeof fetch, deviceId: async () => 'd' });
    const onSaved = vi.fn();
    render(
      <I18nProvider language="en">
        <TaskFormDialog country="vn" code="T000007" onClose={vi.fn()} onSaved={onSaved} />
      </I18nProvider>,
    );
    expect(await screen.findByDisplayValue('Cooler check')).toBeTruthy();
    expect(screen.getByLabelText('Outlet type codes')).toHaveProperty('value', 'Wet Market');
    type('Title', 'Cooler check 2');
    fireEvent.click(screen.getByRole('button', { name: 'Save task' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(init!.method).toBe('PUT');
    expect(String(url)).toMatch(/\/api\/admin\/tasks\/T000007\?countryCode=vn$/);
    expect(JSON.parse(String(init!.body))).toMatchObject({
      title: 'Cooler check 2',
      outletTypes: ['Wet Market'],
    });
  });
});
