import type { Abilities, TablePage } from '@fieldforce/contracts';
import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n';
import { CodeListField, parseCodeList } from '../form-field';
import { AdminTableView } from './admin-table-view';

interface Row {
  code: string;
}

const ALL: Abilities = { view: true, edit: true, upload: true, export: true };

function page(can: Abilities): TablePage<Row> {
  return {
    rows: [{ code: 'O1' }, { code: 'O2' }],
    total: 2,
    page: 1,
    pageSize: 50,
    sort: 'code',
    columns: [],
    downloadCap: 100_000,
    can,
  };
}

function view(
  result: Partial<UseQueryResult<TablePage<Row>>>,
  onPagingChange = vi.fn(),
  exportLabel?: string,
) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <I18nProvider language="en">
          <AdminTableView<Row>
            tool="outletStatus"
            country="id"
            result={result as UseQueryResult<TablePage<Row>>}
            paging={{ page: 1, pageSize: 50, sort: '' }}
            onPagingChange={onPagingChange}
            caption="Outlets"
            columns={[{ key: 'code', header: 'Code', sortable: true, cell: (r) => r.code }]}
            rowKey={(r) => r.code}
            refreshKey={['x']}
            upload={{
              kind: 'outletStatus',
              label: 'Bulk Update',
              title: 'Bulk update',
              templateHeaders: ['A'],
              templateName: 't.csv',
              maxBytes: 1000,
            }}
            export={{ fetchFile: vi.fn(), fallbackName: (f) => `x.${f}`, label: exportLabel }}
            activity={{}}
          />
        </I18nProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onPagingChange;
}

describe('AdminTableView', () => {
  it('shows the rows with Bulk Update, Activity Log and both exports for a caller who may do all', () => {
    view({ data: page(ALL), isPending: false, isError: false, isFetching: false });
    expect(screen.getByRole('table', { name: /Outlets/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bulk Update' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Activity Log' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('leaves out what the server’s `can` refuses', () => {
    view({
      data: page({ view: true, edit: false, upload: false, export: false }),
      isPending: false,
      isError: false,
      isFetching: false,
    });
    expect(screen.queryByRole('button', { name: 'Bulk Update' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Activity Log' })).toBeTruthy();
  });

  it('names the export buttons in the tool’s words when it gives them', () => {
    view({ data: page(ALL), isPending: false, isError: false, isFetching: false }, vi.fn(), 'Export Outlets');
    expect(screen.getByRole('button', { name: 'Export Outlets (CSV)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export Outlets (XLSX)' })).toBeTruthy();
  });

  it('says when the rows could not be loaded, with a way to try again', () => {
    const refetch = vi.fn();
    view({ data: undefined, isPending: false, isError: true, isFetching: false, refetch });
    expect(screen.getByRole('alert').textContent).toContain('The rows could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('asks for the next sort through onPagingChange, back to page 1', () => {
    const onPagingChange = view({ data: page(ALL), isPending: false, isError: false, isFetching: false });
    fireEvent.click(screen.getByRole('button', { name: /Code/ }));
    expect(onPagingChange).toHaveBeenCalledWith(
      expect.objectContaining({ page: 1, sort: expect.any(String) }),
    );
  });
});

describe('CodeListField', () => {
  function Field() {
    const [value, setValue] = useState('');
    return (
      <I18nProvider language="en">
        <CodeListField
          label="Outlet codes"
          value={value}
          onChange={setValue}
          max={2}
          hint="Up to 2 codes"
          tooManyText="Enter at most 2 outlet codes."
        />
      </I18nProvider>
    );
  }

  it('counts the codes as they are typed and says when there are too many', () => {
    render(<Field />);
    const input = screen.getByLabelText('Outlet codes');
    fireEvent.change(input, { target: { value: 'A1, B2, A1' } });
    expect(screen.getByText(/2 of 2/)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('false');
    fireEvent.change(input, { target: { value: 'A1, B2, C3' } });
    expect(screen.getByText('Enter at most 2 outlet codes.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('parseCodeList trims, drops blanks and repeats', () => {
    expect(parseCodeList(' A1, ,B2,A1,')).toEqual(['A1', 'B2']);
  });
});
