export {
  downloadAdminTable,
  useAdminTablePage,
  useDtFilterOptions,
  type AdminTablePage,
  type TableCallQuery,
  type TablePaging,
} from './api';
export { AdminTableView, useChangedAt, type AdminTableViewProps, type AdminUpload } from './admin-table-view';
export { AdminFilters, ChangeListBar, DtSiteFilterFields, StatusSwitch } from './admin-controls';
export {
  OutletFilters,
  useOutletFilterDraft,
  type OutletFilterDraft,
  type OutletFilterWords,
} from './outlet-filters';
