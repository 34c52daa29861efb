/**
 * The month trend of the UCube home page: the caller's whole scope (the salesmen of the Team View's
 * top-level total: market, DT scope, the caller's subtree, the selected BSA), day by day, with
 * running totals and the month's targets. Same scope rules and period dates as kpiAnswer.
 */
import {
  roundHalfUp,
  COUNTRIES,
  localDateIso,
  periodRange,
  type Bsa,
  type CountryCode,
  type DailyTrendAnswer,
  type DailyTrendQuery,
  type TrendDay,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { callerCacheKey } from './service.js';
import { dtScope, type AuthUser } from '../../lib/policy.js';
import { assertHasPlace, selectBsa } from './policy.js';
import { findMemberByUser, findUserBsa, sumDailyTrend, type TrendDayRow } from './queries.js';

export interface TrendRequest {
  user: AuthUser;
  market: CountryCode;
  query: DailyTrendQuery;
  now: Date;
}

/** Everything the answer depends on besides the data version (see callerCacheKey). */
export function trendCacheKey(req: TrendRequest): string {
  return callerCacheKey('daily-trend', req, req.query.period, req.query.bsa ?? null);
}

export async function dailyTrend(db: Queryable, req: TrendRequest): Promise<DailyTrendAnswer> {
  const { user, market, query } = req;
  const member = await findMemberByUser(db, user.id, market);
  assertHasPlace(user, market, member);
  const bsa = selectBsa(await findUserBsa(db, user.id), market, query.bsa) as Bsa;
  const range = periodRange(query.period, localDateIso(req.now, COUNTRIES[market].timeZone));
  const rows = await sumDailyTrend(
    db,
    { market, dtCodes: dtScope(user), bsa, underMembers: [member?.id ?? null], dtCode: null },
    range,
  );
  return presentTrend(rows, { countryCode: market, bsa, period: query.period, range });
}

function presentTrend(
  rows: TrendDayRow[],
  meta: Pick<DailyTrendAnswer, 'countryCode' | 'bsa' | 'period'> & {
    range: { month: string; daysInMonth: number; daysGone: number };
  },
): DailyTrendAnswer {
  const has = (rows[0]?.target_rows ?? 0) > 0;
  const target = (value: number | undefined) => (has ? (value ?? 0) : null);
  const sums = { gsv: 0, eco: 0, productiveCalls: 0, plannedCalls: 0, bills: 0 };
  const days = rows.map((r): TrendDay => {
    sums.gsv = roundHalfUp(sums.gsv + r.gsv);
    sums.eco += r.new_eco;
    sums.productiveCalls += r.productive_calls;
    sums.plannedCalls += r.planned_calls;
    sums.bills += r.bills;
    return {
      date: r.date,
      gsv: roundHalfUp(r.gsv),
      gsvCumulative: sums.gsv,
      newEco: r.new_eco,
      ecoCumulative: sums.eco,
      productiveCalls: r.productive_calls,
      productiveCallsCumulative: sums.productiveCalls,
      plannedCalls: r.planned_calls,
      plannedCallsCumulative: sums.plannedCalls,
      bills: r.bills,
      billsCumulative: sums.bills,
    };
  });
  return {
    countryCode: meta.countryCode,
    bsa: meta.bsa,
    period: meta.period,
    month: meta.range.month,
    daysInMonth: meta.range.daysInMonth,
    daysGone: meta.range.daysGone,
    targets: {
      gsv: target(rows[0]?.gsv_target),
      eco: target(rows[0]?.eco_target),
      productiveCalls: target(rows[0]?.productive_calls_target),
      bills: target(rows[0]?.bills_target),
    },
    days,
  };
}
