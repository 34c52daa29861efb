/**
 * The table engine (issue 11; docs/admin.md "Table engine"): declare a table once with defineTable,
 * then list, count, total and export it. Every query limits rows to the criteria's market and the
 * caller's DT scope.
 */
export {
  CHARACTER_RULES,
  defineTable,
  TableDefinitionError,
  type CharacterRule,
  type ColumnSpec,
  type ColumnType,
  type FilterSpec,
  type Header,
  type Lang,
  type Table,
  type TableLookup,
  type TableScope,
  type TableSpec,
} from './define-table.js';
export {
  parseFilterValues,
  resolveSort,
  sortText,
  tableCriteria,
  type CriteriaInput,
  type TableCriteria,
  type TableRow,
} from './criteria.js';
export {
  countRows,
  cursorOf,
  fullFrom,
  listPage,
  rowsAfter,
  rowsQuery,
  totals,
  whereSql,
  type RowCursor,
  type TableTotals,
  filterChoices,
  FILTER_CHOICES_MAX,
} from './sql.js';
export {
  csvCellText,
  csvField,
  csvLine,
  csvStream,
  EXPORT_SLICE_ROWS,
  exportColumns,
  rowBatches,
  UTF8_BOM,
  XLSX_CONTENT_TYPE,
  xlsxCellValue,
  xlsxStream,
  type ExportColumn,
  type ExportOptions,
} from './export.js';
export { presentColumns, presentRow, type TableCell } from './present.js';
export {
  adminTableRequest,
  EXPORT_MESSAGE_HEADER,
  registerAdminTable,
  type AdminTableOptions,
  type AuthorizeTool,
} from './admin-table-routes.js';
export { dtFilterOptions } from './dt-filter-options.js';
export { ADMIN_WORDS, adminColumn, adminFilter, distributorLookups, lastChange } from './admin-columns.js';
export {
  audited,
  changedRow,
  registerAdminChange,
  unchanged,
  type AdminChange,
  type AdminChangeContext,
  type AdminChangeOptions,
  type AuthorizeChange,
  type ChangeAudit,
} from './admin-change.js';
export { registerAdminRead, type AdminReadContext, type AdminReadOptions } from './admin-read.js';
export {
  adminRouteOptions,
  gated,
  toolGate,
  type AdminRouteSpec,
  type Gated,
  type ToolGatePolicy,
} from './admin-gate.js';
