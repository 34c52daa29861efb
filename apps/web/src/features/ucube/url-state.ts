/**
 * The drill-down state lives in the URL query string (shareable, restored on reload, browser back
 * goes up a level): period, role, type, emailId, dtCode, span, sort, order and the row search.
 */
import {
  KPI_SPAN_SUBTREE,
  type DrillQuery,
  type HierarchyLevelEntry,
  type KpiPeriod,
  type KpiSort,
} from '@fieldforce/contracts';

export const UCUBE_PERIODS: readonly KpiPeriod[] = ['day', 'mtd', 'lm'];
export const DEFAULT_PERIOD: KpiPeriod = 'mtd';

export interface UcubeUrlState {
  period: KpiPeriod;
  role?: string;
  type?: 'team' | 'distributor';
  emailId?: string;
  dtCode?: string;
  /** The bottom level of a whole node at once (the total row's drill). */
  span?: typeof KPI_SPAN_SUBTREE;
  sort: KpiSort;
  order: 'asc' | 'desc';
  q: string;
  /** A salesperson's day is open (their email), over the level's table. */
  sm?: string;
  /** The day shown, 'YYYY-MM-DD'; the market's today when absent. */
  date?: string;
}

/** What the server call takes (countryCode travels in the api client). */
export interface KpiRequestParams {
  period: KpiPeriod;
  bsa?: string;
  role?: string;
  type?: 'team' | 'distributor';
  emailId?: string;
  dtCode?: string;
  span?: typeof KPI_SPAN_SUBTREE;
}

const text = (params: URLSearchParams, name: string) => {
  const v = params.get(name)?.trim();
  return v ? v : undefined;
};

export function parseUcubeUrl(search: string | URLSearchParams): UcubeUrlState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const period = params.get('period');
  const role = text(params, 'role');
  const type = params.get('type');
  const sort = params.get('sort') === 'email' ? 'email' : 'achievedPercentage';
  const order = params.get('order');
  return {
    period: UCUBE_PERIODS.includes(period as KpiPeriod) ? (period as KpiPeriod) : DEFAULT_PERIOD,
    ...(role && /^LEVEL\d$/.test(role) ? { role } : {}),
    ...(type === 'team' || type === 'distributor' ? { type } : {}),
    ...(text(params, 'emailId') ? { emailId: text(params, 'emailId') } : {}),
    ...(text(params, 'dtCode') ? { dtCode: text(params, 'dtCode') } : {}),
    ...(params.get('span') === KPI_SPAN_SUBTREE ? { span: KPI_SPAN_SUBTREE } : {}),
    sort,
    order: order === 'asc' || order === 'desc' ? order : sort === 'email' ? 'asc' : 'desc',
    q: params.get('q') ?? '',
    ...(text(params, 'sm') ? { sm: text(params, 'sm') } : {}),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? { date: params.get('date')! } : {}),
  };
}

/** The query string of a state; defaults are left out so URLs stay short. */
export function ucubeSearch(state: UcubeUrlState): string {
  const params = new URLSearchParams();
  if (state.period !== DEFAULT_PERIOD) params.set('period', state.period);
  if (state.role) params.set('role', state.role);
  if (state.type) params.set('type', state.type);
  if (state.emailId) params.set('emailId', state.emailId);
  if (state.dtCode) params.set('dtCode', state.dtCode);
  if (state.span) params.set('span', state.span);
  if (state.sort !== 'achievedPercentage') params.set('sort', state.sort);
  const defaultOrder = state.sort === 'email' ? 'asc' : 'desc';
  if (state.order !== defaultOrder) params.set('order', state.order);
  if (state.q) params.set('q', state.q);
  if (state.sm) params.set('sm', state.sm);
  if (state.sm && state.date) params.set('date', state.date);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The server request of a state (sorting and search are done on the page). */
export function requestParams(state: UcubeUrlState, bsa: string | null): KpiRequestParams {
  return {
    period: state.period,
    ...(bsa ? { bsa } : {}),
    ...(state.role ? { role: state.role } : {}),
    ...(state.type ? { type: state.type } : {}),
    ...(state.emailId ? { emailId: state.emailId } : {}),
    ...(state.dtCode ? { dtCode: state.dtCode } : {}),
    ...(state.span ? { span: state.span } : {}),
  };
}

/** One level down: the row's ready-made drill query; period and sort are kept, the search is not. */
export function drillState(state: UcubeUrlState, drill: DrillQuery): UcubeUrlState {
  return {
    period: state.period,
    sort: state.sort,
    order: state.order,
    q: '',
    role: drill.role,
    type: drill.type,
    ...(drill.emailId ? { emailId: drill.emailId } : {}),
    ...(drill.dtCode ? { dtCode: drill.dtCode } : {}),
    ...(drill.span ? { span: drill.span } : {}),
  };
}

/**
 * Whether breadcrumb entry `index` leads anywhere: the viewer's own scope, or a level where a node
 * was chosen (levels skipped by a whole-node drill have none).
 */
export function crumbReachable(levels: readonly HierarchyLevelEntry[], index: number): boolean {
  const at = levels[index];
  return index === 0 || Boolean(at?.emailId || at?.dtCode);
}

/**
 * Back up to the node chosen at level `index` of the breadcrumb: list the level below it. The first
 * entry is the viewer's own scope, which is the URL without a drill-down.
 */
export function crumbState(
  state: UcubeUrlState,
  levels: readonly HierarchyLevelEntry[],
  index: number,
  type: 'team' | 'distributor',
): UcubeUrlState {
  const base: UcubeUrlState = { period: state.period, sort: state.sort, order: state.order, q: '' };
  const below = levels[index + 1];
  if (index === 0 || !below) return base;
  const at = levels[index]!;
  return {
    ...base,
    role: below.level,
    type,
    ...(at.emailId ? { emailId: at.emailId } : {}),
    ...(at.dtCode ? { dtCode: at.dtCode } : {}),
  };
}

/** The view's own state without a salesperson's day open. */
export function withoutDay(state: UcubeUrlState): UcubeUrlState {
  const { sm: _sm, date: _date, ...rest } = state;
  return rest;
}

/**
 * The link to another view (the tabs): the period and BSA are kept (the BSA lives in the store), the
 * drill-down, sort and search are the other view's own.
 */
export function viewTabSearch(state: Pick<UcubeUrlState, 'period'>): string {
  return state.period === DEFAULT_PERIOD ? '' : `?period=${state.period}`;
}
