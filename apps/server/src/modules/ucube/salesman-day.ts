/**
 * A salesperson's day (issue 10): where a salesperson row of the UCube views leads. The day's visits
 * in visit order with their orders, and the orders taken without a visit. Same scope rules as the
 * KPI views: the salesperson must be in the caller's subtree, market and DT scope (else 403).
 */
import {
  COUNTRIES,
  localDateIso,
  SALESMAN_DAY_MAX_DAYS_BACK,
  type CountryCode,
  type SalesmanDayAnswer,
  type SalesmanDayQuery,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { callerCacheKey } from './service.js';
import { badRequest, coded } from '../../lib/errors.js';
import { dtScope, type AuthUser } from '../../lib/policy.js';
import { assertHasPlace, canSeeMember, type Viewer } from './policy.js';
import { findAncestors, findMemberByEmail, findMemberByUser } from './queries.js';

export interface SalesmanDayRequest {
  user: AuthUser;
  market: CountryCode;
  query: SalesmanDayQuery;
  now: Date;
}

const DAY_MS = 86_400_000;

/** Everything the answer depends on besides the data version (see callerCacheKey). */
export function salesmanDayCacheKey(req: SalesmanDayRequest): string {
  return callerCacheKey('salesman-day', req, req.query.emailId.toLowerCase(), req.query.date ?? null);
}

interface VisitRow {
  id: string;
  visit_sequence: number | null;
  outlet_code: string;
  outlet_name: string;
  address: string;
  planned: boolean;
  actual: boolean;
  productive: boolean;
  check_in_at: Date | string | null;
  check_out_at: Date | string | null;
}

interface OrderRow {
  visit_id: string | null;
  order_number: string;
  line_count: number;
  gross_amount: string | number;
  outlet_code: string;
  outlet_name: string;
}

const isoOrNull = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export async function salesmanDay(db: Queryable, req: SalesmanDayRequest): Promise<SalesmanDayAnswer> {
  const { user, market, query } = req;
  const member = await findMemberByUser(db, user.id, market);
  assertHasPlace(user, market, member);
  const viewer: Viewer = { user, market, member, dtCodes: dtScope(user) };

  const today = localDateIso(req.now, COUNTRIES[market].timeZone);
  const date = query.date ?? today;
  const asked = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(asked) || new Date(asked).toISOString().slice(0, 10) !== date) {
    throw badRequest('date', 'is not a calendar date');
  }
  const back = (Date.parse(`${today}T00:00:00Z`) - asked) / DAY_MS;
  if (back < 0) throw badRequest('date', 'is after today');
  if (back > SALESMAN_DAY_MAX_DAYS_BACK) {
    throw badRequest('date', `is more than ${SALESMAN_DAY_MAX_DAYS_BACK} days back`);
  }

  const target = await findMemberByEmail(db, query.emailId, market);
  // Not found, not a salesperson, or outside the caller's scope: one answer, so it tells nothing.
  if (!target || !target.sm_code || !(await canSeeMember(db, viewer, target))) {
    throw coded('FORBIDDEN', 'ucube.salespersonOutsideScope');
  }
  const { rows: people } = await db.query<{ id: string; dt_code: string; dt_site_code: string }>(
    `SELECT id, dt_code, dt_site_code FROM salesmen WHERE member_id = $1`,
    [target.id],
  );
  const salesman = people[0]!;
  const leader = (await findAncestors(db, target.id))[1] ?? null;

  const { rows: visits } = await db.query<VisitRow>(
    `SELECT v.id::text AS id, v.visit_sequence, o.outlet_code, o.name AS outlet_name, o.address,
            v.planned, v.actual, v.productive, v.check_in_at, v.check_out_at
     FROM visits v JOIN outlets o ON o.id = v.outlet_id
     WHERE v.salesman_id = $1 AND v.visit_date = $2
     ORDER BY v.visit_sequence NULLS LAST, v.check_in_at NULLS LAST, v.id`,
    [salesman.id, date],
  );
  const { rows: orders } = await db.query<OrderRow>(
    `SELECT r.visit_id::text AS visit_id, r.order_number, r.line_count, r.gross_amount,
            o.outlet_code, o.name AS outlet_name
     FROM orders r JOIN outlets o ON o.id = r.outlet_id
     WHERE r.salesman_id = $1 AND r.invoice_date = $2
     ORDER BY r.created_at, r.order_number`,
    [salesman.id, date],
  );

  const present = (o: OrderRow) => ({
    orderNumber: o.order_number,
    lines: Number(o.line_count),
    amount: Number(o.gross_amount),
  });
  const byVisit = new Map<string, OrderRow[]>();
  for (const o of orders) {
    if (o.visit_id === null) continue;
    byVisit.set(o.visit_id, [...(byVisit.get(o.visit_id) ?? []), o]);
  }
  const visitIds = new Set(visits.map((v) => v.id));

  return {
    countryCode: market,
    currencyCode: COUNTRIES[market].currencyCode,
    date,
    today,
    salesman: {
      name: target.name,
      emailId: target.email,
      smCode: target.sm_code,
      dtCode: salesman.dt_code,
      dtSiteCode: salesman.dt_site_code,
      teamLeader: leader ? { name: leader.name, emailId: leader.email } : null,
    },
    totals: {
      plannedCalls: visits.filter((v) => v.planned).length,
      actualCalls: visits.filter((v) => v.actual).length,
      productiveCalls: visits.filter((v) => v.productive).length,
      orders: orders.length,
      orderValue: Math.round(orders.reduce((sum, o) => sum + Number(o.gross_amount), 0) * 100) / 100,
    },
    visits: visits.map((v) => ({
      sequence: v.visit_sequence === null ? null : Number(v.visit_sequence),
      outletCode: v.outlet_code,
      outletName: v.outlet_name,
      address: v.address,
      planned: v.planned,
      actual: v.actual,
      productive: v.productive,
      checkInAt: isoOrNull(v.check_in_at),
      checkOutAt: isoOrNull(v.check_out_at),
      orders: (byVisit.get(v.id) ?? []).map(present),
    })),
    ordersWithoutVisit: orders
      .filter((o) => o.visit_id === null || !visitIds.has(o.visit_id))
      .map((o) => ({ ...present(o), outletCode: o.outlet_code, outletName: o.outlet_name })),
  };
}
