/**
 * The User Access list as a declared table (lib/tables): the market's users (their markets hold it),
 * for an admin limited to some DT codes only the users whose DT codes all lie among the admin's (a
 * user reaching every distributor is beyond them). Page, count and the CSV/XLSX export come from this
 * one declaration. A user's markets and DT codes are comma-separated fields read as arrays through
 * code_list() (migration 0017, with GIN indexes).
 */
import {
  adminColumn,
  adminFilter,
  CHARACTER_RULES,
  defineTable,
  type Header,
} from '../../lib/tables/index.js';

export const USER_WORDS = {
  name: { en: 'Name', vi: 'Họ tên' },
  email: { en: 'Email', vi: 'Email' },
  role: { en: 'Role', vi: 'Vai trò' },
  ucube: { en: 'UCube Access', vi: 'Quyền UCube' },
  reports: { en: 'Reports Access', vi: 'Quyền báo cáo' },
  admin: { en: 'Admin', vi: 'Quản trị' },
  superUser: { en: 'Super User', vi: 'Quản trị cấp cao' },
  dtAccessCodes: { en: 'DT Access Codes', vi: 'Mã NPP được truy cập' },
  bsa: { en: 'BSA', vi: 'BSA' },
  markets: { en: 'Markets', vi: 'Thị trường' },
  lastLoginAt: { en: 'Last Sign-in', vi: 'Đăng nhập gần nhất' },
  status: { en: 'Status', vi: 'Trạng thái' },
  deactivatedAt: { en: 'Deactivated At', vi: 'Ngày vô hiệu hóa' },
  id: { en: 'User ID', vi: 'Mã người dùng' },
  search: { en: 'Name or email', vi: 'Họ tên hoặc email' },
  lastLoginFrom: { en: 'Last sign-in from', vi: 'Đăng nhập từ ngày' },
  lastLoginTo: { en: 'Last sign-in to', vi: 'Đăng nhập đến ngày' },
} as const satisfies Record<string, Header>;

const text = <K extends string>(key: K, header: Header, sql: string, sortable = false) => ({
  key,
  header,
  type: 'text' as const,
  sql,
  ...(sortable ? { sortable: true } : {}),
});

export const userAccessTable = defineTable({
  key: 'userAccess',
  from: 'users u',
  tableAlias: 'u',
  lookups: [
    {
      alias: 'b',
      join: `LEFT JOIN LATERAL (SELECT string_agg(x.bsa, ',' ORDER BY x.position) AS list
                                FROM user_bsa x WHERE x.user_id = u.id) b ON TRUE`,
    },
  ],
  scope: {
    market: 'code_list(u.country_codes)',
    marketMatch: 'element',
    dt: 'code_list(u.dt_access_codes)',
    dtMatch: 'within',
  },
  rowKey: 'u.id',
  columns: [
    text('name', USER_WORDS.name, 'u.name', true),
    text('email', USER_WORDS.email, 'u.email', true),
    text('role', USER_WORDS.role, 'u.role', true),
    adminColumn.flag('accessToUcube', USER_WORDS.ucube, 'u.access_to_ucube'),
    adminColumn.flag(
      'accessToOperationalDashboards',
      USER_WORDS.reports,
      'u.access_to_operational_dashboards',
    ),
    adminColumn.flag('admin', USER_WORDS.admin, `u.user_type = 'admin'`),
    adminColumn.flag('superUser', USER_WORDS.superUser, 'u.is_super_user'),
    text('dtAccessCodes', USER_WORDS.dtAccessCodes, 'u.dt_access_codes'),
    text('bsa', USER_WORDS.bsa, `coalesce(b.list, '')`),
    text('markets', USER_WORDS.markets, 'u.country_codes'),
    { key: 'lastLoginAt', header: USER_WORDS.lastLoginAt, type: 'datetime', sql: 'u.last_login_at' },
    text('status', USER_WORDS.status, 'u.status', true),
    { key: 'deactivatedAt', header: USER_WORDS.deactivatedAt, type: 'datetime', sql: 'u.deactivated_at' },
    text('id', USER_WORDS.id, 'u.id'),
  ],
  filters: {
    filter_search: {
      // Marks are optional in every contains search (lib/tables): 'hoang' and 'Hoàng' both find Hoàng Hữu Hiếu.
      column: `(u.name || ' ' || u.email)`,
      match: 'contains',
      label: USER_WORDS.search,
      chars: CHARACTER_RULES.any,
    },
    filter_role: { column: 'u.role', match: 'equals', label: USER_WORDS.role, chars: CHARACTER_RULES.any },
    filter_ucube: adminFilter.flag('u.access_to_ucube', USER_WORDS.ucube),
    filter_reports: adminFilter.flag('u.access_to_operational_dashboards', USER_WORDS.reports),
    filter_admin: adminFilter.flag(`u.user_type = 'admin'`, USER_WORDS.admin),
    filter_dt_code: {
      column: 'code_list(u.dt_access_codes)',
      match: 'overlaps',
      label: USER_WORDS.dtAccessCodes,
      chars: CHARACTER_RULES.code,
    },
    filter_status: {
      column: 'u.status',
      match: 'equals',
      label: USER_WORDS.status,
      chars: CHARACTER_RULES.code,
    },
    filter_last_login_from: {
      column: 'u.last_login_at',
      match: 'onOrAfter',
      label: USER_WORDS.lastLoginFrom,
      chars: CHARACTER_RULES.day,
      max: 1,
    },
    filter_last_login_to: {
      column: 'u.last_login_at',
      match: 'onOrBefore',
      label: USER_WORDS.lastLoginTo,
      chars: CHARACTER_RULES.day,
      max: 1,
    },
  },
  defaultSort: 'name',
});
