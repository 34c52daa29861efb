/**
 * Task Management's declared tables (lib/tables): the task list (search, kind, status, location,
 * item and date filters; CSV/XLSX export) and a task's targeted outlets (the progress drill-down:
 * each outlet's state, its salesman and team leader, its last visit in the task's window).
 *
 * DT scope: a task reaches outlets of several distributors (tasks.dt_codes); a DT-limited admin sees
 * the tasks that reach one of theirs (dtMatch 'overlaps'), and of a task's outlets only theirs.
 */
import { adminColumn, adminFilter, CHARACTER_RULES, defineTable } from '../../lib/tables/index.js';

/** An outlet's state in a task: done, visited in the window but not done, or not reached. */
export const OUTLET_STATE_SQL = `CASE
  WHEN EXISTS (SELECT 1 FROM task_results r WHERE r.task_id = t.id AND r.outlet_id = o.id AND r.done
                 AND r.visit_date BETWEEN t.start_date AND t.end_date) THEN 'done'
  WHEN EXISTS (SELECT 1 FROM visits v WHERE v.outlet_id = o.id AND v.actual
                 AND v.visit_date BETWEEN t.start_date AND t.end_date)
    OR EXISTS (SELECT 1 FROM task_results r WHERE r.task_id = t.id AND r.outlet_id = o.id
                 AND r.visit_date BETWEEN t.start_date AND t.end_date) THEN 'notDone'
  ELSE 'notReached' END`;

export const taskTable = defineTable({
  key: 'taskManagement',
  from: 'tasks t',
  tableAlias: 't',
  lookups: [{ alias: 'cu', join: 'LEFT JOIN users cu ON cu.id = t.created_by' }],
  scope: { market: 't.country_code', dt: 't.dt_codes', dtMatch: 'overlaps' },
  rowKey: 't.code',
  columns: [
    {
      key: 'code',
      header: { en: 'Task Code', vi: 'Mã công việc' },
      type: 'text',
      sql: 't.code',
      sortable: true,
    },
    { key: 'title', header: { en: 'Title', vi: 'Tiêu đề' }, type: 'text', sql: 't.title', sortable: true },
    {
      key: 'kind',
      header: { en: 'Task Type', vi: 'Loại công việc' },
      type: 'text',
      sql: 't.kind',
      sortable: true,
    },
    {
      key: 'status',
      header: { en: 'Status', vi: 'Trạng thái' },
      type: 'text',
      sql: 't.status',
      sortable: true,
    },
    {
      key: 'locationCode',
      header: { en: 'Location Code', vi: 'Mã khu vực' },
      type: 'text',
      sql: 't.location_code',
      sortable: true,
    },
    {
      key: 'outletTypes',
      header: { en: 'Outlet Type Codes', vi: 'Mã loại cửa hàng' },
      type: 'text',
      sql: "NULLIF(array_to_string(t.outlet_types, ';'), '')",
    },
    {
      key: 'outletSubtypes',
      header: { en: 'Outlet Subtype Codes', vi: 'Mã phân loại cửa hàng' },
      type: 'text',
      sql: "NULLIF(array_to_string(t.outlet_subtypes, ';'), '')",
    },
    {
      key: 'itemCodes',
      header: { en: 'Item Codes', vi: 'Mã sản phẩm' },
      type: 'text',
      sql: "NULLIF(array_to_string(t.item_codes, ';'), '')",
    },
    {
      key: 'customers',
      header: { en: 'Customer Codes', vi: 'Số mã khách hàng' },
      type: 'number',
      sql: 'cardinality(t.customer_codes)',
    },
    {
      key: 'startDate',
      header: { en: 'Start Date', vi: 'Ngày bắt đầu' },
      type: 'date',
      sql: 't.start_date',
      sortable: true,
    },
    {
      key: 'endDate',
      header: { en: 'End Date', vi: 'Ngày kết thúc' },
      type: 'date',
      sql: 't.end_date',
      sortable: true,
    },
    {
      key: 'targets',
      header: { en: 'Targeted Outlets', vi: 'Cửa hàng mục tiêu' },
      type: 'number',
      sql: 't.target_count',
      sortable: true,
    },
    { key: 'createdByName', header: { en: 'Created By', vi: 'Người tạo' }, type: 'text', sql: 'cu.name' },
    {
      key: 'createdAt',
      header: { en: 'Created At', vi: 'Thời điểm tạo' },
      type: 'datetime',
      sql: 't.created_at',
      sortable: true,
    },
  ],
  filters: {
    search: {
      column: "t.code || ' ' || t.title",
      match: 'contains',
      label: { en: 'Search', vi: 'Tìm kiếm' },
      chars: CHARACTER_RULES.any,
      max: 1,
    },
    filter_kind: {
      column: 't.kind',
      match: 'equals',
      label: { en: 'Task Type', vi: 'Loại công việc' },
      chars: CHARACTER_RULES.code,
      max: 3,
    },
    filter_status: {
      column: 't.status',
      match: 'equals',
      label: { en: 'Status', vi: 'Trạng thái' },
      chars: CHARACTER_RULES.code,
      max: 2,
    },
    filter_location: {
      column: 't.location_code',
      match: 'equals',
      label: { en: 'Location Code', vi: 'Mã khu vực' },
      chars: CHARACTER_RULES.code,
    },
    filter_item: {
      column: 't.item_codes',
      match: 'overlaps',
      label: { en: 'Item Code', vi: 'Mã sản phẩm' },
      chars: CHARACTER_RULES.code,
    },
    // A day of the market's calendar: tasks still running on or after it / starting on or before it.
    filter_from: {
      column: 't.end_date',
      match: 'onOrAfter',
      label: { en: 'From', vi: 'Từ ngày' },
      chars: CHARACTER_RULES.day,
      max: 1,
    },
    filter_to: {
      column: 't.start_date',
      match: 'onOrBefore',
      label: { en: 'To', vi: 'Đến ngày' },
      chars: CHARACTER_RULES.day,
      max: 1,
    },
  },
  defaultSort: '-createdAt',
});

/** One task's targeted outlets (the query's `task` picks the task), within the caller's distributors. */
export const taskOutletTable = defineTable({
  key: 'taskOutlets',
  from: 'task_targets tt JOIN tasks t ON t.id = tt.task_id JOIN outlets o ON o.id = tt.outlet_id',
  lookups: [
    { alias: 'sm', join: 'LEFT JOIN salesmen sm ON sm.id = o.salesman_id' },
    { alias: 'tl', join: 'LEFT JOIN hierarchy_members tl ON tl.id = sm.team_leader_member_id' },
    { alias: 'tlu', join: 'LEFT JOIN users tlu ON tlu.id = tl.user_id' },
    {
      alias: 'lv',
      join: `LEFT JOIN LATERAL (SELECT max(v.visit_date) AS d FROM visits v
               WHERE v.outlet_id = o.id AND v.actual AND v.visit_date BETWEEN t.start_date AND t.end_date) lv ON true`,
    },
    {
      alias: 'lr',
      join: `LEFT JOIN LATERAL (SELECT r.visit_date AS d, r.note FROM task_results r
               WHERE r.task_id = t.id AND r.outlet_id = o.id AND r.visit_date BETWEEN t.start_date AND t.end_date
               ORDER BY r.done DESC, r.visit_date DESC LIMIT 1) lr ON true`,
    },
  ],
  scope: { market: 't.country_code', dt: 'tt.dt_code' },
  rowKey: 'o.outlet_code',
  columns: [
    adminColumn.outletCode('o.outlet_code'),
    adminColumn.outletName('o.name'),
    adminColumn.dtCode('o.dt_code'),
    {
      key: 'outletType',
      header: { en: 'Outlet Type', vi: 'Loại cửa hàng' },
      type: 'text',
      sql: 'o.outlet_type',
    },
    {
      key: 'outletSubtype',
      header: { en: 'Outlet Subtype', vi: 'Phân loại cửa hàng' },
      type: 'text',
      sql: 'o.outlet_subtype',
    },
    adminColumn.salesmanName('sm.name', true),
    {
      key: 'teamLeaderName',
      header: { en: 'Team Leader', vi: 'Trưởng nhóm' },
      type: 'text',
      sql: 'tlu.name',
    },
    {
      key: 'state',
      header: { en: 'Progress', vi: 'Tiến độ' },
      type: 'text',
      sql: OUTLET_STATE_SQL,
      sortable: true,
    },
    {
      key: 'lastVisitDate',
      header: { en: 'Last Visit', vi: 'Lần ghé thăm cuối' },
      type: 'date',
      sql: 'lv.d',
      sortable: true,
    },
    {
      key: 'resultVisitDate',
      header: { en: 'Recorded At Visit', vi: 'Ghi nhận tại lần ghé' },
      type: 'date',
      sql: 'lr.d',
    },
    { key: 'note', header: { en: 'Note', vi: 'Ghi chú' }, type: 'text', sql: "NULLIF(lr.note, '')" },
  ],
  filters: {
    task: {
      column: 't.code',
      match: 'equals',
      label: { en: 'Task Code', vi: 'Mã công việc' },
      chars: CHARACTER_RULES.code,
      max: 1,
    },
    filter_state: {
      column: OUTLET_STATE_SQL,
      match: 'equals',
      label: { en: 'Progress', vi: 'Tiến độ' },
      chars: CHARACTER_RULES.code,
      max: 3,
    },
    filter_team_leader: {
      column: 'sm.team_leader_member_id::text',
      match: 'equals',
      label: { en: 'Team Leader', vi: 'Trưởng nhóm' },
      chars: CHARACTER_RULES.code,
    },
    filter_salesman: {
      column: 'o.salesman_id::text',
      match: 'equals',
      label: { en: 'Salesman', vi: 'Nhân viên bán hàng' },
      chars: CHARACTER_RULES.code,
    },
    filter_outlet_code: adminFilter.outletCode('o.outlet_code'),
  },
  defaultSort: 'outletCode',
});
