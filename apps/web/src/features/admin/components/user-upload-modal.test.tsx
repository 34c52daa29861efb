/**
 * The user access bulk upload modal: every state of spec section 4 and every message of sections 5
 * and 8, word for word (the spec's 'incoreect' included), the 2 s 'Uploading', the 1 s empty-upload
 * message, the 5 s toast, the error panel, the template download and the Vietnamese texts. The server
 * is answered at the api client's fetch (the server's own tests cover the call itself).
 */
import { ok, type UserUploadPreview } from '@fieldforce/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render as rtlRender, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { I18nProvider, type Language } from '../../../lib/i18n';
import { useClientStore } from '../../../lib/store';
import { envelopeResponse } from '../../../test/session';
import { acceptedName, UserUploadButton, UserUploadModal } from './user-upload-modal';

const render = (ui: ReactElement) =>
  rtlRender(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

const SPEC_BAD_FILE =
  'There may be duplicate entries or incoreect in the xls. Please check and upload again.';
const SPEC_FAILED = 'Upload Failed. Please check file data and upload again.';

function preview(over: Partial<UserUploadPreview> = {}): UserUploadPreview {
  return {
    rows: 3,
    create: 2,
    update: 1,
    unchanged: 0,
    errorCount: 0,
    errors: [],
    importId: 'imp-1',
    fileName: 'users.xlsx',
    errorFileId: null,
    ...over,
  };
}

interface Answers {
  preview?: () => Response;
  upload?: () => Response;
}
const failure = (status: number, text: string) =>
  envelopeResponse(status, {
    statusCode: status,
    'response-data': null,
    statusMessage: 'X',
    errors: { code: status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_FAILED', shortDescription: text },
  });

let calls: Array<{ url: URL; body: FormData | null }>;
function serve(answers: Answers = {}) {
  calls = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, body: init?.body instanceof FormData ? init.body : null });
    if (url.pathname === '/api/fb/users' && url.searchParams.get('preview') === 'true')
      return answers.preview?.() ?? envelopeResponse(200, ok(preview()));
    if (url.pathname === '/api/fb/users') return answers.upload?.() ?? envelopeResponse(200, ok('success'));
    if (url.pathname === '/api/fb/users/template')
      return new Response('xlsx', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="user-access-upload-template.xlsx"' },
      });
    return failure(404, 'not found');
  });
  configureApiClient({ fetch: fetchMock as unknown as typeof fetch, sleep: async () => {} });
}

function renderModal(
  props: { onClose?: () => void; onUploaded?: () => void } = {},
  language: Language = 'en',
) {
  const onClose = props.onClose ?? vi.fn();
  const onUploaded = props.onUploaded ?? vi.fn();
  render(
    <I18nProvider language={language}>
      <UserUploadModal country="vn" onClose={onClose} onUploaded={onUploaded} />
    </I18nProvider>,
  );
  return { onClose, onUploaded };
}

const fileInput = () => screen.getByLabelText('browse') as HTMLInputElement;
const choose = (name: string) =>
  act(() => {
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], name)] } });
  });
const uploadButton = () => screen.getByRole('button', { name: 'Upload' });
/** Runs timers and the fetch promises they release. */
const elapse = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));
/** Lets chains of promises (a response body read in chunks) settle. */
async function flush() {
  for (let i = 0; i < 20; i += 1) await elapse(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  useClientStore.setState({
    selectedCountryCode: 'vn',
    userDetails: { email: 'admin.vn@demo.test' } as never,
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('acceptedName', () => {
  it('takes .xlsx and .xml in any case, nothing else', () => {
    expect(['a.xlsx', 'B.XLSX', 'c.xml', 'd.XmL'].every(acceptedName)).toBe(true);
    expect(['a.xls', 'b.csv', 'c', 'xlsx', 'd.xlsx.txt'].some(acceptedName)).toBe(false);
  });
});

describe('the modal as the spec draws it', () => {
  it('has the title, Download Template, the drag-or-browse area with 25MB and xlsx, xml, Cancel and Upload', () => {
    serve();
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Bulk Upload' });
    expect(within(dialog).getByRole('button', { name: 'Download Template' })).toBeTruthy();
    expect(within(dialog).getByText('Drag and drop the file here, or', { exact: false })).toBeTruthy();
    expect(within(dialog).getByText('Maximum file size 25MB')).toBeTruthy();
    expect(within(dialog).getByText('Accepted formats: xlsx, xml')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(uploadButton()).toBeTruthy();
    expect(fileInput().accept).toContain('.xlsx');
  });

  it('on a touch screen, which cannot drag a file, offers “Choose a file” instead of drag and drop', () => {
    serve();
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(pointer: coarse)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      renderModal();
      const dialog = screen.getByRole('dialog', { name: 'Bulk Upload' });
      expect(within(dialog).queryByText('Drag and drop the file here, or', { exact: false })).toBeNull();
      expect((screen.getByLabelText('Choose a file') as HTMLInputElement).type).toBe('file');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('Cancel closes', () => {
    serve();
    const { onClose } = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('the states of spec section 4', () => {
  it("nothing selected: Upload says 'Please select a file before uploading.' and the message goes after 1 s", async () => {
    serve();
    renderModal();
    fireEvent.click(uploadButton());
    expect(screen.getByText('Please select a file before uploading.')).toBeTruthy();
    await elapse(999);
    expect(screen.queryByText('Please select a file before uploading.')).toBeTruthy();
    await elapse(1);
    expect(screen.queryByText('Please select a file before uploading.')).toBeNull();
    expect(calls.filter((c) => c.url.pathname === '/api/fb/users')).toHaveLength(0);
  });

  it('a chosen file shows Uploading for 2 s with Upload disabled, then Uploaded and its name with Upload enabled', async () => {
    serve();
    renderModal();
    await choose('users.xlsx');
    expect(screen.getByText('Uploading')).toBeTruthy();
    expect(uploadButton()).toHaveProperty('disabled', true);
    await elapse(1999);
    expect(screen.getByText('Uploading')).toBeTruthy();
    await elapse(1);
    expect(screen.queryByText('Uploading')).toBeNull();
    expect(screen.getByText('Uploaded')).toBeTruthy();
    expect(screen.getByText('users.xlsx')).toBeTruthy();
    expect(uploadButton()).toHaveProperty('disabled', false);
    // The rows were checked meanwhile (nothing changed): the counts show.
    expect(screen.getByText('Rows in the file: 3. New: 2, changed: 1, unchanged: 0.')).toBeTruthy();
    const checked = calls.find((c) => c.url.searchParams.get('preview') === 'true')!;
    expect(checked.body!.get('updatedBy')).toBe('admin.vn@demo.test');
    expect((checked.body!.get('file') as File).name).toBe('users.xlsx');
  });

  it("a bad file resets the selection with the spec's words (its misspelling included)", async () => {
    serve();
    renderModal();
    await choose('users.xlsx');
    await elapse(2000);
    await choose('users.csv');
    const panel = screen.getByRole('alert');
    expect(within(panel).getByText(SPEC_BAD_FILE)).toBeTruthy();
    expect(screen.queryByText('users.xlsx')).toBeNull();
    expect(screen.queryByText('Uploaded')).toBeNull();
    expect(fileInput().value).toBe('');
    fireEvent.click(uploadButton());
    expect(screen.getByText('Please select a file before uploading.')).toBeTruthy();
  });

  it('choosing a file of the same name again says File "{name}" already exists.', async () => {
    serve();
    renderModal();
    await choose('users.xlsx');
    await elapse(2000);
    await choose('users.xlsx');
    expect(screen.getByText('File "users.xlsx" already exists.')).toBeTruthy();
    expect(screen.getByText('users.xlsx')).toBeTruthy();
  });

  it('Upload shows the loading overlay, then success: onUploaded (the page closes, refreshes and toasts)', async () => {
    let release: (r: Response) => void = () => {};
    serve({ upload: () => new Promise<Response>((resolve) => (release = resolve)) as never });
    const { onUploaded } = renderModal();
    await choose('users.xlsx');
    await elapse(2000);
    fireEvent.click(uploadButton());
    await flush();
    expect(screen.getByText('Uploading the file…')).toBeTruthy();
    expect(uploadButton()).toHaveProperty('disabled', true);
    expect(screen.getByRole('dialog').querySelector('[aria-busy="true"]')).toBeTruthy();
    await act(async () => {
      release(envelopeResponse(200, ok('success')));
    });
    await flush();
    expect(onUploaded).toHaveBeenCalledWith('user');
    const sent = calls.filter(
      (c) => c.url.pathname === '/api/fb/users' && !c.url.searchParams.has('preview'),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url.searchParams.get('userType')).toBeNull();
  });

  it('Salesmen: the call carries userType=salesman', async () => {
    serve();
    renderModal();
    fireEvent.click(screen.getByRole('radio', { name: 'Salesmen' }));
    await choose('salesmen.xml');
    await elapse(2000);
    fireEvent.click(uploadButton());
    await elapse(0);
    const sent = calls.filter((c) => c.url.pathname === '/api/fb/users');
    expect(sent.every((c) => c.url.searchParams.get('userType') === 'salesman')).toBe(true);
  });
});

describe('the error panel (spec section 8)', () => {
  it("a refusal shows 'Upload Failed. Please check file data and upload again.', hides the loader, keeps the file", async () => {
    serve({ upload: () => failure(400, SPEC_FAILED) });
    renderModal();
    await choose('users.xlsx');
    await elapse(2000);
    fireEvent.click(uploadButton());
    await elapse(0);
    expect(within(screen.getByRole('alert')).getByText(SPEC_FAILED)).toBeTruthy();
    expect(screen.queryByText('Uploading the file…')).toBeNull();
    expect(screen.getByText('users.xlsx')).toBeTruthy();
  });

  it('a 500 with errors shows its shortDescription and resets the selection', async () => {
    serve({ upload: () => failure(500, 'Upload Failed. Please check file data and upload again.') });
    renderModal();
    await choose('users.xlsx');
    await elapse(2000);
    fireEvent.click(uploadButton());
    await elapse(3000);
    expect(within(screen.getByRole('alert')).getByText(SPEC_FAILED)).toBeTruthy();
    expect(screen.queryByText('users.xlsx')).toBeNull();
  });

  it('a failure without a description shows the default words', async () => {
    serve({ upload: () => failure(400, '') });
    renderModal();
    await choose('users.xlsx');
    await elapse(2000);
    fireEvent.click(uploadButton());
    await elapse(0);
    expect(within(screen.getByRole('alert')).getByText(SPEC_FAILED)).toBeTruthy();
  });

  it('row errors found while checking are listed with the error sheet to download', async () => {
    serve({
      preview: () =>
        envelopeResponse(
          200,
          ok(
            preview({
              errorCount: 1,
              errorFileId: 'imp-1-errors',
              errors: [
                {
                  code: 'USER_EMAIL_INVALID',
                  message: 'Email in row number 3 is not a valid email address',
                  params: { row: 3 },
                  row: 3,
                  header: 'Email',
                },
              ],
            }),
          ),
        ),
    });
    renderModal();
    await choose('users.xlsx');
    await elapse(2000);
    expect(screen.getByText('Email in row number 3 is not a valid email address')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the error sheet' })).toBeTruthy();
  });

  it('a whole-file refusal while checking (Invalid Template) shows in the error panel', async () => {
    serve({ preview: () => failure(400, 'Invalid Template') });
    renderModal();
    await choose('users.xlsx');
    await elapse(2000);
    expect(within(screen.getByRole('alert')).getByText('Invalid Template')).toBeTruthy();
    // Beyond the spec's words: what to check (the kind chosen, or the template).
    expect(
      within(screen.getByRole('alert')).getByText(/does not have the columns of the Users template/),
    ).toBeTruthy();
  });
});

describe('the toolbar button, the toast and the template', () => {
  it("success closes the modal and shows 'User access data is successfully updated' for 5 s", async () => {
    serve();
    const refreshed = vi.fn();
    render(
      <I18nProvider language="en">
        <UserUploadButton country="vn" onUploaded={refreshed} />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Bulk Upload' }));
    await choose('users.xlsx');
    await elapse(2000);
    fireEvent.click(uploadButton());
    await elapse(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(refreshed).toHaveBeenCalled();
    expect(screen.getByText('User access data is successfully updated')).toBeTruthy();
    await elapse(4999);
    expect(screen.getByText('User access data is successfully updated')).toBeTruthy();
    await elapse(1);
    expect(screen.queryByText('User access data is successfully updated')).toBeNull();
  });

  it('Download Template fetches the .xlsx and saves it', async () => {
    serve();
    const created = vi.fn(() => 'blob:template');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Download Template' }));
    await flush();
    expect(calls.some((c) => c.url.pathname === '/api/fb/users/template')).toBe(true);
    expect(created).toHaveBeenCalled();
    expect(clicked).toHaveBeenCalled();
    clicked.mockRestore();
  });
});

describe('Vietnamese', () => {
  it('translates the modal and the messages', async () => {
    serve();
    renderModal({}, 'vi');
    expect(screen.getByRole('dialog', { name: 'Tải lên hàng loạt' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tải mẫu' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tải lên' }));
    expect(screen.getByText('Vui lòng chọn một tệp trước khi tải lên.')).toBeTruthy();
  });
});
