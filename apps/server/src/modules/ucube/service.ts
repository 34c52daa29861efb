/**
 * One KPI answer: resolve the caller's chain and the level asked for, check the chosen node is in
 * scope, sum the summary tables for the rows and the total, and present them.
 */
import {
  chainOf,
  COUNTRIES,
  comparePerformanceRows,
  defaultActiveIndex,
  KPI_SPAN_SUBTREE,
  KPI_VIEW_TITLES,
  kpiColumnsFor,
  kpiValue,
  levelEntries,
  localDateIso,
  periodRange,
  resolvePeriod,
  type Bsa,
  type ChainLevel,
  type ChainType,
  type CountryCode,
  type DrillQuery,
  type KpiAnswer,
  type KpiColumn,
  type KpiQuery,
  type KpiSums,
  type KpiValue,
  type KpiView,
  type PerformanceRow,
  type PeriodRange,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { badRequest, coded, forbidden } from '../../lib/errors.js';
import { dtScope, type AuthUser } from '../../lib/policy.js';
import { assertHasPlace, canSeeDistributor, canSeeMember, selectBsa, type Viewer } from './policy.js';
import {
  findAncestors,
  findDistributor,
  findDistributorsByCodes,
  findMemberByEmail,
  findMemberByUser,
  findMembersByIds,
  findUserBsa,
  sumKpis,
  TOTAL_KEY,
  type GroupSums,
  type MemberNode,
  type SalesmanSelection,
} from './queries.js';

export interface KpiRequest {
  user: AuthUser;
  market: CountryCode;
  view: KpiView;
  query: KpiQuery;
  now: Date;
}

/** The chain a view walks: Team View the team chain, DT View the distributor chain, KPI View either. */
function chainType(view: KpiView, asked: ChainType | undefined): ChainType {
  const fixed: Partial<Record<KpiView, ChainType>> = { performance: 'team', distributor: 'distributor' };
  const type = asked ?? fixed[view] ?? 'team';
  const must = fixed[view];
  if (must && type !== must) throw badRequest('type', `must be ${must} in this view`);
  return type;
}

export function toKpiSums(g: GroupSums | undefined): KpiSums {
  return {
    plannedCalls: g?.planned_calls ?? 0,
    actualCalls: g?.actual_calls ?? 0,
    productiveCalls: g?.productive_calls ?? 0,
    bills: g?.bills ?? 0,
    gsv: g?.gsv ?? 0,
    eco: g?.eco ?? 0,
    newEco: g?.new_eco ?? 0,
    ecoBeforeDay: g?.eco_before_day ?? 0,
    ecoTarget: g?.eco_target ?? 0,
    productiveCallsTarget: g?.productive_calls_target ?? 0,
    billsTarget: g?.bills_target ?? 0,
    gsvTarget: g?.gsv_target ?? 0,
    hasTargets: (g?.target_rows ?? 0) > 0,
  };
}

interface RowIdentity {
  name: string;
  emailId: string | null;
  code: string;
  salesmanCode?: string;
  dtCode: string | null;
  dtSiteCode: string | null;
  isActive: boolean;
}

const memberIdentity = (m: MemberNode): RowIdentity => ({
  name: m.name,
  emailId: m.email,
  code: m.sm_code ?? m.employee_code,
  ...(m.sm_code ? { salesmanCode: m.sm_code } : {}),
  dtCode: m.dt_code,
  dtSiteCode: m.dt_site_code,
  isActive: m.active,
});

/**
 * Everything an answer depends on besides the data version: the caller (identity, title, DT scope;
 * their place and BSAs are data), the market, view and query, and the market's day (periods and
 * pace move with it).
 */
export function kpiCacheKey(req: KpiRequest): string {
  const asked = Object.entries(req.query)
    .filter(([k, v]) => v !== undefined && k !== 'customerToken' && k !== 'countryCode')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return callerCacheKey(req.view, req, asked);
}

/**
 * The cache key of a UCube answer: what it is, and everything it depends on besides the data
 * version: the caller and their scope (role, DT codes, Super User right, BSAs: all loaded with the
 * user on every request, so a change to them takes effect at the next request even before the data
 * version is seen), the market, the market's today, and the answer's own inputs.
 */
export function callerCacheKey(
  kind: string,
  req: { user: AuthUser; market: CountryCode; now: Date },
  ...inputs: unknown[]
): string {
  const { user, market } = req;
  const day = localDateIso(req.now, COUNTRIES[market].timeZone);
  return JSON.stringify([
    kind,
    user.id,
    user.role,
    user.dtAccessCodes,
    user.isSuperUser,
    // The BSAs decide the default BSA and which ones may be asked for: an admin's change to them
    // (User Access) or a bulk upload must not be answered from an entry computed before it.
    user.bsa ?? null,
    market,
    day,
    ...inputs,
  ]);
}

export async function kpiAnswer(db: Queryable, req: KpiRequest): Promise<KpiAnswer> {
  const { user, market, view, query } = req;
  const member = await findMemberByUser(db, user.id, market);
  assertHasPlace(user, market, member);
  const viewer: Viewer = { user, market, member, dtCodes: dtScope(user) };
  const type = chainType(view, query.type);
  const chain = chainOf(type, market, user.role);
  const active = query.role
    ? chain.findIndex((c) => c.level === query.role)
    : defaultActiveIndex(type, chain, market);
  if (active < 0) throw forbidden(`${query.role} is not in your chain.`);
  const level = chain[active]!;
  const bsa = selectBsa(await findUserBsa(db, user.id), market, query.bsa) as Bsa;

  // The node chosen above the level viewed (the total row): at the level just above, or with
  // span=subtree at any level above (none: the caller's whole scope).
  const subtree = query.span === KPI_SPAN_SUBTREE;
  let parentMember: MemberNode | null = null;
  let parentDt: string | null = null;
  const above = active >= 1 ? chain[active - 1]! : null;
  const ownEmail = query.emailId?.toLowerCase() === user.email;
  if (subtree) {
    if (query.emailId && !(ownEmail && chain[0]!.node === 'viewer')) {
      const m = await findMemberByEmail(db, query.emailId, market);
      if (!m || !(await canSeeMember(db, viewer, m))) throw coded('FORBIDDEN', 'ucube.teamOutsideScope');
      const at = chain.findIndex((c) => c.node === 'member' && c.memberLevel === m.level_index);
      if (at < 0 || at >= active) throw badRequest('emailId', `is not above ${level.levelname}`);
      if (query.dtCode && m.dt_code !== query.dtCode)
        throw badRequest('dtCode', `is not the distributor of ${m.email}`);
      parentMember = m;
    } else if (query.dtCode) {
      const at = chain.findIndex((c) => c.node === 'distributor');
      if (at < 0 || at >= active) throw badRequest('dtCode', `no distributor level above ${level.levelname}`);
      parentDt = await visibleDistributor(db, viewer, query.dtCode, market);
    }
  } else if (!above || above.node === 'viewer') {
    // The caller's own scope: an email, when given, must be the caller's.
    if (query.emailId && !ownEmail) {
      throw coded('FORBIDDEN', 'ucube.ownTeamOnly');
    }
  } else if (above.node === 'member') {
    if (!query.emailId) throw badRequest('emailId', `choose a ${above.levelname} to open ${level.levelname}`);
    const m = await findMemberByEmail(db, query.emailId, market);
    if (!m || !(await canSeeMember(db, viewer, m))) throw coded('FORBIDDEN', 'ucube.teamOutsideScope');
    if (m.level_index !== above.memberLevel) throw badRequest('emailId', `is not a ${above.levelname}`);
    if (query.dtCode && m.dt_code !== query.dtCode)
      throw badRequest('dtCode', `is not the distributor of ${m.email}`);
    parentMember = m;
  } else {
    if (!query.dtCode) throw badRequest('dtCode', `choose a distributor to open ${level.levelname}`);
    parentDt = await visibleDistributor(db, viewer, query.dtCode, market);
  }

  const periodName = resolvePeriod(query.period);
  const range = periodRange(periodName, localDateIso(req.now, COUNTRIES[market].timeZone));
  const columns = kpiColumnsFor(view, market, periodName, type);
  const base: Omit<SalesmanSelection, 'groupBy'> = {
    market,
    dtCodes: viewer.dtCodes,
    bsa,
    underMembers: [member?.id ?? null, parentMember?.id ?? null],
    dtCode: parentDt,
  };
  const sumsRange = { from: range.from, to: range.to, month: range.month, day: periodName === 'day' };
  const groupBy: SalesmanSelection['groupBy'] =
    level.node === 'member'
      ? { kind: 'member', levelIndex: level.memberLevel! }
      : level.node === 'distributor'
        ? { kind: 'distributor' }
        : { kind: 'all' };
  const sums = await sumKpis(db, { ...base, groupBy }, sumsRange);
  const groups = sums.filter((g) => g.group_key !== TOTAL_KEY);
  const totalSums = sums.find((g) => g.group_key === TOTAL_KEY);

  const viewerIdentity: RowIdentity = member
    ? memberIdentity(member)
    : {
        name: user.name,
        emailId: user.email,
        code: viewer.dtCodes?.join(',') || market.toUpperCase(),
        dtCode: null,
        dtSiteCode: null,
        isActive: true,
      };
  const identities = new Map<string, RowIdentity>();
  if (groupBy.kind === 'member') {
    for (const m of await findMembersByIds(
      db,
      groups.map((g) => Number(g.group_key)),
    )) {
      identities.set(String(m.id), memberIdentity(m));
    }
  } else if (groupBy.kind === 'distributor') {
    for (const d of await findDistributorsByCodes(
      db,
      groups.map((g) => g.group_key),
    )) {
      identities.set(d.dt_code, {
        name: d.name,
        emailId: null,
        code: d.dt_code,
        dtCode: d.dt_code,
        dtSiteCode: null,
        isActive: d.active,
      });
    }
  } else {
    identities.set('all', viewerIdentity);
  }

  const next = chain[active + 1];
  const drillFor = (id: RowIdentity): DrillQuery | null => {
    if (!next) return null;
    const drill: DrillQuery = { role: next.level, type };
    if (level.node === 'distributor') drill.dtCode = id.code;
    else if (id.emailId) drill.emailId = id.emailId;
    if (type === 'distributor' && level.node === 'member' && id.dtCode) drill.dtCode = id.dtCode;
    return drill;
  };
  const present = (id: RowIdentity, g: GroupSums | undefined, at: ChainLevel, drill: DrillQuery | null) =>
    presentRow(id, g, at, drill, columns, range, market);

  const sort = comparePerformanceRows(query.sort, query.order ?? (query.sort === 'email' ? 'asc' : 'desc'));
  const rows = groups
    .filter((g) => identities.has(g.group_key))
    .map((g) => {
      const id = identities.get(g.group_key)!;
      return present(id, g, level, drillFor(id));
    })
    .sort(sort);

  let totalIdentity = viewerIdentity;
  let totalLevel = chain[0]!;
  if (parentMember) {
    const m = parentMember;
    totalIdentity = memberIdentity(m);
    totalLevel =
      chain.find((c) => c.node === 'member' && c.memberLevel === m.level_index) ?? chain[active - 1]!;
  } else if (parentDt) {
    const d = (await findDistributorsByCodes(db, [parentDt]))[0]!;
    totalIdentity = {
      name: d.name,
      emailId: null,
      code: d.dt_code,
      dtCode: d.dt_code,
      dtSiteCode: null,
      isActive: d.active,
    };
    totalLevel = chain.find((c) => c.node === 'distributor') ?? chain[active - 1]!;
  }
  // The total row drills to the bottom of the chain under its node at once.
  const bottom = chain[chain.length - 1]!;
  const totalDrill: DrillQuery | null =
    active < chain.length - 1
      ? {
          role: bottom.level,
          type,
          span: KPI_SPAN_SUBTREE,
          ...(parentMember ? { emailId: parentMember.email } : {}),
          ...(parentDt
            ? { dtCode: parentDt }
            : parentMember?.dt_code && type === 'distributor'
              ? { dtCode: parentMember.dt_code }
              : {}),
        }
      : null;
  const total = present(totalIdentity, totalSums, totalLevel, totalDrill);

  // The choices above the level viewed, for the breadcrumb (by name, the email stays the key).
  const ancestors = parentMember ? await findAncestors(db, parentMember.id) : [];
  const chosenDt = parentDt ?? parentMember?.dt_code ?? undefined;
  const chosenDtName =
    type !== 'distributor' || !chosenDt
      ? undefined
      : parentDt
        ? totalIdentity.name
        : (await findDistributorsByCodes(db, [chosenDt]))[0]?.name;
  const chosen = chain.map((c, i) => {
    if (i === 0) return { emailId: user.email, name: member?.name ?? user.name };
    if (c.node === 'distributor') return { dtCode: chosenDt, name: chosenDtName };
    const a = ancestors.find((x) => x.level_index === c.memberLevel);
    return a ? { emailId: a.email, name: a.name } : {};
  });

  return {
    view,
    viewTitle: KPI_VIEW_TITLES[view],
    type,
    countryCode: market,
    bsa,
    period: periodName,
    range: {
      from: range.from,
      to: range.to,
      month: range.month,
      daysInMonth: range.daysInMonth,
      daysGone: range.daysGone,
      timeGonePercentage: range.timeGonePercentage,
    },
    levels: levelEntries(type, chain, active, chosen),
    kpis: columns,
    total,
    rows,
  };
}

async function visibleDistributor(db: Queryable, viewer: Viewer, dtCode: string, market: CountryCode) {
  const d = await findDistributor(db, dtCode, market);
  if (!d || !(await canSeeDistributor(db, viewer, d.dt_code))) {
    throw coded('FORBIDDEN', 'ucube.distributorOutsideScope');
  }
  return d.dt_code;
}

function presentRow(
  id: RowIdentity,
  g: GroupSums | undefined,
  at: ChainLevel,
  drill: DrillQuery | null,
  columns: readonly KpiColumn[],
  range: PeriodRange,
  market: CountryCode,
): PerformanceRow {
  const sums = toKpiSums(g);
  const kpis: Record<string, KpiValue> = {};
  for (const c of columns) kpis[c.key] = kpiValue(c.key, sums, range, market);
  return {
    ...id,
    levelname: at.levelname,
    level: at.level,
    salesmen: g?.salesmen ?? 0,
    achievedPercentage: kpis[columns[0]!.key]!.achievedPercentage,
    kpis,
    drill,
  };
}
