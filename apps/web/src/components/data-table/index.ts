export {
  DataTable,
  nextSort,
  parseSort,
  type DataTableColumn,
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
export { saveBlob } from './save-file';
