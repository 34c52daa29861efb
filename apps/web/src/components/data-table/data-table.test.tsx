import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
import { useHiddenColumns } from './use-hidden-columns';

interface Row {
  code: string;
  qty: number;
}

const COLUMNS: DataTableColumn<Row>[] = [
  { key: 'code', header: 'Code', sortable: true, cell: (r) => r.code },
  { key: 'qty', header: 'Quantity', numeric: true, sortable: true, cell: (r) => r.qty },
];

const rowsOf = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ code: `C${i + 1}`, qty: i }));

function renderTable(props: Partial<DataTableProps<Row>> = {}) {
  const rows = props.rows ?? rowsOf(3);
  return render(
    <I18nProvider language="en">
      <DataTable<Row>
        caption="Things"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.code}
        total={rows.length}
        page={1}
        pageSize={200}
        onPageChange={() => {}}
        {...props}
      />
    </I18nProvider>,
  );
}

describe('DataTable', () => {
  it('by default: row headers, a pinned first column and cards on phones', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Things' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['C1', 'C2', 'C3']);
    expect(table.className).toContain('dtable__table--pinned');
    expect(table.className).toContain('dtable__table--cards');
    expect(table.querySelector('tfoot')).toBeNull();
    expect(table.getAttribute('aria-rowcount')).toBe('4');
  });

  it("draws the row's controls last, pinned at the right edge, and a card title on phones", () => {
    const columns: DataTableColumn<Row>[] = [
      {
        key: 'edit',
        header: 'Actions',
        actions: true,
        cell: (r) => <button type="button">Edit {r.code}</button>,
      },
      ...COLUMNS,
      { key: 'name', header: 'Name', cardTitle: true, cell: (r) => `Thing ${r.code}` },
    ];
    renderTable({ columns });
    const table = screen.getByRole('table', { name: 'Things' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Code', 'Quantity', 'Name', 'Actions']);
    const [firstRow] = within(table).getAllByRole('row').slice(1);
    const cells = within(firstRow!).getAllByRole('cell');
    expect(cells.at(-1)!.className).toContain('dtable__end');
    expect(within(cells.at(-1)!).getByRole('button', { name: 'Edit C1' })).toBeTruthy();
    expect(cells.at(-2)!.className).toContain('dtable__card-title');
    expect(within(table).getAllByRole('columnheader').at(-1)!.className).toContain('dtable__end');
  });

  it('counts one row in the singular', () => {
    const { unmount } = renderTable({ rows: rowsOf(1) });
    expect(screen.getByRole('status').textContent).toBe('1 row');
    unmount();
    renderTable({ rows: rowsOf(2) });
    expect(screen.getByRole('status').textContent).toBe('2 rows');
  });

  it('compact only when asked: headers that may wrap and closer cells (data-table.css)', () => {
    const { unmount } = renderTable();
    expect(screen.getByRole('table', { name: 'Things' }).className).not.toContain('dtable__table--compact');
    unmount();
    renderTable({ compact: true });
    expect(screen.getByRole('table', { name: 'Things' }).className).toContain('dtable__table--compact');
  });

  it('a totals row: its label is the row header, each column its figure, counted in aria-rowcount', () => {
    renderTable({
      footer: { label: 'Total', cell: (key) => (key === 'qty' ? '3' : null) },
      rowHeaders: false,
      pinFirstColumn: false,
      narrowLayout: 'scroll',
    });
    const table = screen.getByRole('table', { name: 'Things' });
    const foot = table.querySelector('tfoot')!;
    expect(within(foot as HTMLElement).getByRole('rowheader').textContent).toBe('Total');
    expect(foot.querySelector('td')!.textContent).toBe('3');
    expect(foot.querySelector('tr')!.getAttribute('aria-rowindex')).toBe('5');
    expect(table.getAttribute('aria-rowcount')).toBe('5');
    // Body cells are plain cells; neither pinned nor cards.
    expect(within(table.querySelector('tbody')!).queryAllByRole('rowheader')).toHaveLength(0);
    expect(table.className).not.toContain('--pinned');
    expect(table.className).not.toContain('--cards');
  });

  it('virtualised rows: only those in view (plus overscan) are rendered, with their true aria-rowindex', () => {
    renderTable({ rows: rowsOf(200), narrowLayout: 'scroll', virtualRowHeight: 40, maxHeight: 480 });
    const body = screen.getByRole('table', { name: 'Things' }).querySelector('tbody')!;
    const rendered = body.querySelectorAll('tr[aria-rowindex]');
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThan(40);
    expect(rendered[0]!.getAttribute('aria-rowindex')).toBe('2');
    expect(body.querySelector('tr[aria-hidden="true"]')).not.toBeNull();
  });

  it('without virtualisation every row of the page is rendered', () => {
    renderTable({ rows: rowsOf(200) });
    const body = screen.getByRole('table', { name: 'Things' }).querySelector('tbody')!;
    expect(body.querySelectorAll('tr[aria-rowindex]')).toHaveLength(200);
  });

  it('sorting off: no sort buttons and no aria-sort; a notice under the toolbar', () => {
    renderTable({ notice: 'Sorting is off here.' });
    const table = screen.getByRole('table', { name: 'Things' });
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
    expect(within(table).getAllByRole('columnheader')[0]!.getAttribute('aria-sort')).toBeNull();
    expect(screen.getByText('Sorting is off here.')).toBeTruthy();
  });

  it('sorting on: the header button sorts and aria-sort names the direction', () => {
    const onSort = vi.fn();
    renderTable({ onSort, sort: { key: 'qty', direction: 'descending' } });
    const table = screen.getByRole('table', { name: 'Things' });
    const qty = within(table).getByRole('columnheader', { name: /Quantity/ });
    expect(qty.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(qty).getByRole('button'));
    expect(onSort).toHaveBeenCalledWith('qty');
  });

  it('long cells are cut at the given width', () => {
    renderTable({ cellMaxWidth: 320 });
    const table = screen.getByRole('table', { name: 'Things' });
    expect(table.className).toContain('dtable__table--clamped');
    expect(table.style.getPropertyValue('--dtable-cell-max')).toBe('320px');
  });

  it('an empty result says so instead of a table', () => {
    renderTable({ rows: [], emptyText: 'Nothing here.' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Nothing here.')).toBeTruthy();
  });
});

describe('useHiddenColumns', () => {
  function Chooser({ storageKey }: { storageKey: string }) {
    const [hidden, setHidden] = useHiddenColumns(storageKey);
    return (
      <I18nProvider language="en">
        <DataTable<Row>
          caption="Things"
          columns={COLUMNS}
          rows={rowsOf(1)}
          rowKey={(r) => r.code}
          total={1}
          page={1}
          pageSize={50}
          onPageChange={() => {}}
          hidden={hidden}
          onHiddenChange={setHidden}
        />
      </I18nProvider>
    );
  }

  it('remembers the hidden columns under the table’s key and forgets them when all show', () => {
    window.localStorage.setItem('things.hidden', JSON.stringify(['qty']));
    render(
      <MemoryRouter>
        <Chooser storageKey="things.hidden" />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: 'Things' });
    expect(within(table).queryByRole('columnheader', { name: 'Quantity' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Columns (1 of 2)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(window.localStorage.getItem('things.hidden')).toBeNull();
    expect(within(table).getByRole('columnheader', { name: /Quantity/ })).toBeTruthy();
  });
});
