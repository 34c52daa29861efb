export { UploadDialog, type UploadDialogProps } from './upload-dialog';
export { precheckFile, splitCsvLine, decodeStart, type PrecheckRules, type PrecheckResult } from './precheck';
export { importText } from './import-text';
