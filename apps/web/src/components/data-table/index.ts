export {
  DataTable,
  nextSort,
  parseSort,
  type DataTableColumn,
  type DataTableFooter,
  type DataTableProps,
  type SortDirection,
} from './data-table';
export { ColumnChooser, type ChooserColumn } from './column-chooser';
export { ExportButtons } from './export-buttons';
export {
  useFileDownload,
  type FileDownloadOptions,
  type FileFormat,
  type FileDownloadState,
} from './use-file-download';
export { useHiddenColumns } from './use-hidden-columns';
export { saveBlob } from './save-file';
