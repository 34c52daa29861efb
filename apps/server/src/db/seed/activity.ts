/**
 * Day-by-day field activity of one market: visits along each salesman's beat, orders and invoice
 * lines (with some returns), GPS points along the route, demand capture and order loss; plus the
 * monthly targets those are measured against, distributor stock snapshots and promotions.
 *
 * Performance: each team has a factor (stars above target, some far below) that moves a little
 * month to month; a salesman's strike rate, productive rate and quantities scale with it, so
 * achievement against the targets (set for a factor of 1) tracks the factor.
 *
 * Amounts: an order line is worth about LINE_USD of its BSA (times the market's salesScale and the
 * outlet's size), converted at the market's US dollar rate and ordered in whole cases. With about
 * fifty orders a month, a general trade salesperson on target sells about US$27,000 a month.
 */
import { countryFlags, type CountryCode } from '@fieldforce/contracts';
import { quantityFor, type MarketProduct } from './catalogue.js';
import { cents, type TableBuffer } from './copy-writer.js';
import { MARKETS, UTC_OFFSET_MINUTES } from './markets.js';
import { dayString, jitter, type MarketOrg, type OutletRow, type SalesmanRow } from './organisation.js';
import { Rng } from './prng.js';
import type { MarketSize } from './scales.js';

const DAY_MS = 86_400_000;

export interface ActivityTables {
  visits: TableBuffer;
  orders: TableBuffer;
  invoiceLines: TableBuffer;
  gpsPoints: TableBuffer;
  demandCapture: TableBuffer;
  orderLoss: TableBuffer;
}

export interface ActivityIds {
  visit: number;
  order: number;
}

/** ISO day of week of an epoch day (1970-01-01 was a Thursday). */
export function isoDow(epochDay: number): number {
  return ((epochDay + 3) % 7) + 1;
}

export function epochDay(iso: string): number {
  return Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}

export class MarketCalendar {
  private readonly holidays: Set<string>;
  private readonly dates = new Map<number, string>();
  private readonly offset: string;

  constructor(
    readonly country: CountryCode,
    readonly firstDay: number,
    readonly lastDay: number,
  ) {
    this.holidays = new Set(MARKETS[country].holidays);
    const off = UTC_OFFSET_MINUTES[country];
    this.offset = `+${String(Math.floor(off / 60)).padStart(2, '0')}:${String(off % 60).padStart(2, '0')}`;
  }

  date(day: number): string {
    let s = this.dates.get(day);
    if (!s) this.dates.set(day, (s = dayString(day)));
    return s;
  }

  isWorkingDay(day: number): boolean {
    return isoDow(day) !== MARKETS[this.country].weeklyOff && !this.holidays.has(this.date(day));
  }

  /** A timestamptz literal for a local wall-clock time, e.g. '2026-11-20 08:15:00+07:00'. */
  stamp(day: number, minuteOfDay: number): string {
    const h = Math.floor(minuteOfDay / 60);
    const m = minuteOfDay % 60;
    return `${this.date(day)} ${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}:00${this.offset}`;
  }

  /** Epoch milliseconds of a local wall-clock time on a day. */
  instant(day: number, minuteOfDay: number): number {
    return day * DAY_MS + (minuteOfDay - UTC_OFFSET_MINUTES[this.country]) * 60_000;
  }

  /** Months touched by the range, as epoch days of their first day. */
  months(): { first: number; last: number; key: string }[] {
    const out: { first: number; last: number; key: string }[] = [];
    const start = new Date(this.firstDay * DAY_MS);
    let y = start.getUTCFullYear();
    let m = start.getUTCMonth();
    for (;;) {
      const first = Date.UTC(y, m, 1) / DAY_MS;
      if (first > this.lastDay) break;
      const last = Date.UTC(y, m + 1, 1) / DAY_MS - 1;
      out.push({ first, last, key: `${y}-${String(m + 1).padStart(2, '0')}` });
      m += 1;
      if (m === 12) {
        m = 0;
        y += 1;
      }
    }
    return out;
  }
}

// Rates at a performance factor of 1: share of planned calls made, share of calls that order.
const BASE_STRIKE = 0.88;
const BASE_PRODUCTIVE = 0.62;
const UNPLANNED_CALL = 0.15;
const ABSENCE = 0.03;
const RETURN_RATE = 0.04;
const DEMAND_CAPTURE = 0.07;
const ORDER_LOSS = 0.06;
const LOSS_REASONS = [
  'Out of stock at distributor',
  'Outlet has enough stock',
  'Price too high',
  'Credit limit reached',
  'Outlet closed',
  'Competitor promotion',
  'Delivery delayed',
];

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Team factor for a month: the team's level with a monthly swing of a few percent. */
export class TeamMonths {
  private readonly cache = new Map<string, number>();
  constructor(private readonly seed: number) {}
  factor(sm: SalesmanRow, monthKey: string): number {
    const key = `${sm.teamLeader.employeeCode}|${monthKey}`;
    let f = this.cache.get(key);
    if (f === undefined) {
      f = clamp(1 + new Rng(this.seed, 'team-month', key).normal() * 0.06, 0.85, 1.15);
      this.cache.set(key, f);
    }
    return sm.perf * f;
  }
}

/**
 * US dollars an order line is worth at an average outlet, a performance factor of 1 and a market
 * salesScale of 1. Each generated call stands for several real ones (the row budget allows three or
 * four calls a day), so a line is larger than one small shop's real weekly line; what a salesperson
 * sells in a month is what a country manager knows: about US$27,000 in general trade, US$20,000 in
 * pharmacies and beauty shops, US$14,000 in ice cream.
 */
export const LINE_USD: Readonly<Record<string, number>> = {
  Distributor: 265,
  'New Channel': 195,
  'Ice Cream': 140,
};

/** What an order line of this salesman is worth on average at an outlet of size 1, in cents. */
export function lineValueCents(country: CountryCode, bsa: string): number {
  const market = MARKETS[country];
  return (LINE_USD[bsa] ?? LINE_USD.Distributor!) * market.usdRate * market.salesScale * 100;
}

const mean = (range: readonly [number, number]) => (range[0] + range[1]) / 2;

/** Mean size of the outlets on the salesman's weekly beat. */
function beatSize(sm: SalesmanRow): number {
  let n = 0;
  let total = 0;
  for (const day of sm.beat)
    for (const o of day) {
      n++;
      total += o.size;
    }
  return n === 0 ? 1 : total / n;
}

/** Expected value of an order at a performance factor of 1, in cents. */
function expectedOrderCents(sm: SalesmanRow, country: CountryCode, size: MarketSize): number {
  const lines = Math.min(mean(size.linesPerOrder), sm.products.length);
  return lines * lineValueCents(country, sm.bsa) * beatSize(sm);
}

export function writeTargets(
  org: MarketOrg,
  cal: MarketCalendar,
  size: MarketSize,
  seed: number,
  out: TableBuffer,
): void {
  const rng = new Rng(seed, org.country, 'targets');
  const months = cal.months();
  const workDays = months.map((m) => {
    let n = 0;
    for (let d = m.first; d <= m.last; d++) if (cal.isWorkingDay(d)) n++;
    return n;
  });
  for (const sm of org.salesmen) {
    const planned = sm.beat.reduce((s, day) => s + day.length, 0) / 6;
    const orderValue = expectedOrderCents(sm, org.country, size);
    const activeOutlets = sm.outlets.filter((o) => o.active).length;
    months.forEach((m, i) => {
      // Targets are a little ambitious: 100 to 108 % of what an average team does.
      const stretch = rng.range(1, 1.08);
      const pc = Math.round(workDays[i]! * planned * BASE_STRIKE * BASE_PRODUCTIVE * stretch);
      out.add([
        org.country,
        sm.id,
        cal.date(m.first),
        Math.round(activeOutlets * 0.82 * stretch),
        pc,
        pc,
        cents(Math.round(pc * orderValue)),
      ]);
    });
  }
}

/** Days (ending today) whose GPS trail is full: the tracking screens show recent days. */
const GPS_DENSE_DAYS = 3;
type GpsProfile = 'normal' | 'silent' | 'mock' | 'away';
/** A place the salesman stayed (seconds of the local day). */
interface Stay {
  lat: number;
  lng: number;
  from: number;
  to: number;
}

/** A timestamptz literal for a local time in seconds of the day. */
function stampSeconds(date: string, sec: number, cal: MarketCalendar): string {
  const base = cal.stamp(0, 0); // only for the offset: '1970-01-01 00:00:00+07:00'
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  const x = Math.floor(sec % 60);
  const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
  return `${date} ${two(h)}:${two(m)}:${two(x)}${base.slice(19)}`;
}

/** Generates one working day for every salesman of the market. */
export class ActivityGenerator {
  private readonly rngs = new Map<number, Rng>();
  private readonly cc: string;
  /** Markets with salesman tracking off (SMTracking) record no GPS points. */
  private readonly tracking: boolean;
  /** GPS points before this instant are not kept (MarketSize.gpsDays). */
  private readonly gpsFrom: number;
  /** Days from this epoch day on get the full trail (a ping every 1–2 minutes); older days a sparse one. */
  private readonly denseFromDay: number;
  private readonly gpsProfiles = new Map<number, GpsProfile>();

  constructor(
    private readonly org: MarketOrg,
    private readonly cal: MarketCalendar,
    private readonly size: MarketSize,
    private readonly seed: number,
    private readonly teams: TeamMonths,
    private readonly tables: ActivityTables,
    private readonly ids: ActivityIds,
    private readonly nowMs: number,
  ) {
    this.cc = org.country;
    this.tracking = countryFlags(org.country).SMTracking;
    this.gpsFrom = size.gpsDays === undefined ? -Infinity : nowMs - size.gpsDays * DAY_MS;
    this.denseFromDay = cal.lastDay - (size.gpsDenseDays ?? GPS_DENSE_DAYS) + 1;
  }

  /** The salesman's GPS habits (the same every day): most are normal; a few go silent, fake or stray. */
  private gpsProfile(sm: SalesmanRow): GpsProfile {
    let p = this.gpsProfiles.get(sm.id);
    if (!p) {
      const r = new Rng(this.seed, this.org.country, 'gps-profile', sm.smCode).next();
      p = r < 0.04 ? 'silent' : r < 0.07 ? 'mock' : r < 0.1 ? 'away' : 'normal';
      this.gpsProfiles.set(sm.id, p);
    }
    return p;
  }

  /** A line's value for this salesman at this outlet: about its average, give or take 60 %. */
  private lineCents(rng: Rng, sm: SalesmanRow, outlet: OutletRow, factor: number): number {
    return lineValueCents(this.org.country, sm.bsa) * outlet.size * factor * rng.range(0.4, 1.6);
  }

  private rngFor(sm: SalesmanRow): Rng {
    let r = this.rngs.get(sm.id);
    if (!r) this.rngs.set(sm.id, (r = new Rng(this.seed, this.org.country, 'activity', sm.smCode)));
    return r;
  }

  day(day: number): void {
    const monthKey = this.cal.date(day).slice(0, 7);
    for (const sm of this.org.salesmen) this.salesmanDay(sm, day, monthKey);
  }

  private salesmanDay(sm: SalesmanRow, day: number, monthKey: string): void {
    const rng = this.rngFor(sm);
    const cal = this.cal;
    const date = cal.date(day);
    const dow = isoDow(day);
    const perf = this.teams.factor(sm, monthKey);
    const strike = clamp(BASE_STRIKE * Math.pow(perf, 0.3), 0.35, 0.99);
    const productiveRate = clamp(BASE_PRODUCTIVE * Math.pow(perf, 0.5), 0.08, 0.97);
    const qtyFactor = Math.pow(perf, 0.2);
    const absent = rng.chance(ABSENCE);
    // Columns every row of this salesman-day shares.
    const who = `${this.cc},${sm.dt.dtCode},${sm.id}`;

    const plan = sm.beat[dow] ?? [];
    const route: { outlet: OutletRow; planned: boolean }[] = plan.map((outlet) => ({
      outlet,
      planned: true,
    }));
    if (!absent && rng.chance(UNPLANNED_CALL)) {
      const extra = rng.pick(sm.outlets);
      if (extra.active && !plan.includes(extra))
        route.splice(rng.int(0, route.length), 0, { outlet: extra, planned: false });
    }

    let minute = 8 * 60 + rng.int(-20, 40);
    let gpsSeq = 0;
    let lastMinute = -1;
    // The full trail (recent days) is drawn after the day from these stays; older days keep a sparse one.
    const dense = this.tracking && day >= this.denseFromDay;
    const profile = dense ? this.gpsProfile(sm) : 'normal';
    const grng = dense ? new Rng(this.seed, this.cc, 'gps', sm.smCode, day) : null;
    const stays: Stay[] = [];
    const gps = (lat: number, lng: number, at: number) => {
      if (dense) {
        stays.push({ lat, lng, from: at * 60, to: at * 60 });
        return;
      }
      const instant = cal.instant(day, at);
      if (!this.tracking || instant > this.nowMs || instant < this.gpsFrom) return;
      this.tables.gpsPoints.addLine(
        `${this.cc},${sm.id},${date},${++gpsSeq},${lat.toFixed(7)},${lng.toFixed(7)},${cal.stamp(day, at)},f`,
      );
    };
    if (!absent) {
      const start = jitter(rng, sm.home.lat, sm.home.lng, 0.3);
      gps(start.lat, start.lng, minute - 10);
    }
    let sequence = 0;
    for (const stop of route) {
      const visited = !absent && (!stop.planned || rng.chance(strike));
      if (!visited) {
        this.missed(who, stop.outlet, date);
        continue;
      }
      minute += rng.int(4, 15);
      const productive = rng.chance(productiveRate);
      const checkIn = minute;
      minute += productive ? rng.int(12, 30) : rng.int(5, 15);
      const at = jitter(rng, stop.outlet.lat, stop.outlet.lng, 0.03);
      if (cal.instant(day, minute) > this.nowMs) {
        // Later today: still planned, not made yet.
        if (stop.planned) this.missed(who, stop.outlet, date);
        continue;
      }
      const visitId = ++this.ids.visit;
      // A stray salesman records some visits from where he is, away from the outlet.
      const where = profile === 'away' && grng!.chance(0.5) ? jitter(grng!, at.lat, at.lng, 1.5, 0.4) : at;
      const lat = where.lat.toFixed(7);
      const lng = where.lng.toFixed(7);
      this.tables.visits.addLine(
        `${visitId},${who},${stop.outlet.id},${date},${stop.planned ? 't' : 'f'},t,${productive ? 't' : 'f'},` +
          `${++sequence},${cal.stamp(day, checkIn)},${cal.stamp(day, minute)},${lat},${lng}`,
      );
      if (dense) stays.push({ lat: where.lat, lng: where.lng, from: checkIn * 60, to: minute * 60 });
      else gps(at.lat, at.lng, checkIn);
      lastMinute = minute;
      if (productive) this.order(rng, sm, who, stop.outlet, visitId, date, cal.stamp(day, minute), qtyFactor);
      if (rng.chance(DEMAND_CAPTURE)) {
        const p = sm.products[rng.weighted(sm.cumulativeWeights)]!;
        const qty = quantityFor(p, this.lineCents(rng, sm, stop.outlet, 0.5));
        this.tables.demandCapture.addLine(`${who},${stop.outlet.id},${p.item.itemCode},${date},${qty}`);
      }
      if (rng.chance(ORDER_LOSS)) {
        const lines = rng.int(1, 2);
        for (let i = 0; i < lines; i++) {
          const p = sm.products[rng.weighted(sm.cumulativeWeights)]!;
          const qty = quantityFor(p, this.lineCents(rng, sm, stop.outlet, 0.6));
          this.tables.orderLoss.addLine(
            `${who},${stop.outlet.id},${p.item.itemCode},${date},${qty},${cents(qty * p.priceCents)},${rng.pick(LOSS_REASONS)}`,
          );
        }
      }
    }
    if (lastMinute >= 0) {
      const end = jitter(rng, sm.home.lat, sm.home.lng, 0.5);
      gps(end.lat, end.lng, lastMinute + rng.int(10, 30));
    }
    if (dense && stays.length > 1) this.trail(sm, day, date, stays, profile, grng!);
  }

  /**
   * The full GPS trail of a recent day: a ping every 60–120 s from the first stay to the last, along an
   * L-shaped street path between stays (one leg north–south, one east–west, the corner shifted a little)
   * and a few metres of noise while at a stay. A ping falls on each check-in and check-out. Profiles: a
   * silent device stops early today (or sends nothing); a mock one sends a burst of faked far-away points.
   */
  private trail(
    sm: SalesmanRow,
    day: number,
    date: string,
    stays: Stay[],
    profile: GpsProfile,
    g: Rng,
  ): void {
    const cal = this.cal;
    const out = this.tables.gpsPoints;
    const prefix = `${this.cc},${sm.id},${date},`;
    let seq = 0;
    let endSec = stays[stays.length - 1]!.to;
    if (profile === 'silent' && day === cal.lastDay) {
      if (g.chance(0.4)) return;
      endSec = Math.min(endSec, stays[Math.min(1, stays.length - 1)]!.to + g.int(5, 40) * 60);
    }
    const mockAt = profile === 'mock' && stays.length > 2 ? stays[1]!.to + 90 : -1;
    const mockPlace = mockAt > 0 ? jitter(g, stays[1]!.lat, stays[1]!.lng, 20, 8) : null;
    const dayStart = cal.instant(day, 0);
    const emit = (lat: number, lng: number, sec: number, mock: boolean) => {
      if (sec > endSec) return;
      const instant = dayStart + sec * 1000;
      if (instant > this.nowMs || instant < this.gpsFrom) return;
      out.addLine(
        `${prefix}${++seq},${lat.toFixed(7)},${lng.toFixed(7)},${stampSeconds(date, sec, cal)},${mock ? 't' : 'f'}`,
      );
    };
    const noise = () => (g.next() - 0.5) * 0.00014; // about ±8 m
    for (let i = 0; i < stays.length; i++) {
      const s = stays[i]!;
      // At the stay: on arrival, every 1–2 minutes, and on leaving.
      emit(s.lat, s.lng, s.from, false);
      for (let t = s.from + g.int(60, 120); t < s.to; t += g.int(60, 120))
        emit(s.lat + noise(), s.lng + noise(), t, false);
      if (s.to > s.from) emit(s.lat, s.lng, s.to, false);
      const next = stays[i + 1];
      if (!next) break;
      // Travel: north–south to a corner, then east–west, over the time between the stays.
      const corner = { lat: next.lat + (g.next() - 0.5) * 0.002, lng: s.lng };
      const leg1 = Math.abs(corner.lat - s.lat);
      const leg2 = Math.abs(next.lng - corner.lng) + Math.abs(next.lat - corner.lat);
      const span = next.from - s.to;
      for (let t = s.to + g.int(60, 120); t < next.from; t += g.int(60, 120)) {
        if (mockPlace && t >= mockAt && t < mockAt + 300) {
          emit(mockPlace.lat + noise(), mockPlace.lng + noise(), t, true);
          continue;
        }
        const f = ((t - s.to) / span) * (leg1 + leg2);
        const p =
          f <= leg1
            ? { lat: s.lat + Math.sign(corner.lat - s.lat) * f, lng: s.lng }
            : {
                lat: corner.lat + ((next.lat - corner.lat) * (f - leg1)) / Math.max(leg2, 1e-9),
                lng: corner.lng + ((next.lng - corner.lng) * (f - leg1)) / Math.max(leg2, 1e-9),
              };
        emit(p.lat + noise() / 2, p.lng + noise() / 2, t, false);
      }
    }
  }

  /** A planned call that was not made. */
  private missed(who: string, outlet: OutletRow, date: string): void {
    this.tables.visits.addLine(`${++this.ids.visit},${who},${outlet.id},${date},t,f,f,,,,,`);
  }

  private order(
    rng: Rng,
    sm: SalesmanRow,
    who: string,
    outlet: OutletRow,
    visitId: number,
    date: string,
    at: string,
    qtyFactor: number,
  ): void {
    const orderId = ++this.ids.order;
    const wanted = Math.min(
      rng.int(this.size.linesPerOrder[0], this.size.linesPerOrder[1]),
      sm.products.length,
    );
    const chosen: number[] = [];
    for (let tries = 0; chosen.length < wanted && tries < wanted * 4; tries++) {
      const i = rng.weighted(sm.cumulativeWeights);
      if (!chosen.includes(i)) chosen.push(i);
    }
    let gross = 0;
    let returned = 0;
    const prefix = `${orderId},${who},${outlet.id},${date}`;
    for (const i of chosen) {
      const p = sm.products[i]!;
      const qty = quantityFor(p, this.lineCents(rng, sm, outlet, qtyFactor));
      const amount = qty * p.priceCents;
      // A few damaged or expired pieces come back.
      const returnQty = rng.chance(RETURN_RATE) ? rng.int(1, Math.min(qty, 6)) : 0;
      const returnAmount = returnQty * p.priceCents;
      gross += amount;
      returned += returnAmount;
      this.tables.invoiceLines.addLine(
        `${prefix},${p.item.itemCode},${qty},${cents(p.priceCents)},${cents(amount)},${returnQty},` +
          `${returnQty > 0 ? cents(p.priceCents) : '0'},${cents(returnAmount)}`,
      );
    }
    this.tables.orders.addLine(
      `${orderId},INV${this.cc.toUpperCase()}${String(orderId).padStart(10, '0')},${visitId},${this.cc},` +
        `${sm.dt.dtCode},${sm.site.code},${sm.id},${outlet.id},${date},${sm.bsa},${chosen.length},` +
        `${cents(gross)},${cents(returned)},${at}`,
    );
  }
}

/**
 * Weekly stock snapshots (Mondays) per active distributor site, plus today's: about one and a half
 * to four weeks of what the site's teams sell, spread over its products by popularity.
 */
export function writeInventory(
  org: MarketOrg,
  cal: MarketCalendar,
  size: MarketSize,
  seed: number,
  out: TableBuffer,
): void {
  const rng = new Rng(seed, org.country, 'inventory');
  const days: number[] = [];
  for (let d = cal.lastDay - 7 * size.inventoryWeeks; d < cal.lastDay; d++) {
    if (d >= cal.firstDay && isoDow(d) === 1) days.push(d);
  }
  days.push(cal.lastDay);
  // Expected sales a week per site, at a performance factor of 1.
  const weekly = new Map<string, number>();
  for (const sm of org.salesmen) {
    const calls = sm.beat.reduce((s, day) => s + day.length, 0);
    const orders = calls * BASE_STRIKE * BASE_PRODUCTIVE;
    weekly.set(
      sm.site.code,
      (weekly.get(sm.site.code) ?? 0) + orders * expectedOrderCents(sm, org.country, size),
    );
  }
  for (const dt of org.distributors) {
    if (!dt.active) continue;
    for (const site of dt.sites) {
      const iceCream = site.bsas.has('Ice Cream');
      const homeCare = site.bsas.has('Distributor') || site.bsas.has('New Channel');
      const stocked: MarketProduct[] = org.products.filter((p) =>
        p.item.bsa === 'Ice Cream' ? iceCream : homeCare,
      );
      const totalWeight = stocked.reduce((s, p) => s + p.item.weight, 0);
      const siteWeekly = weekly.get(site.code) ?? 0;
      for (const p of stocked) {
        if (!rng.chance(0.85)) continue;
        const base = (siteWeekly * rng.range(1.5, 4) * p.item.weight) / totalWeight;
        for (const d of days) {
          const qty = rng.chance(0.04) ? 0 : quantityFor(p, base * rng.range(0.5, 1.5));
          out.add([
            org.country,
            dt.dtCode,
            site.code,
            p.item.itemCode,
            cal.date(d),
            qty,
            cents(qty * p.priceCents),
          ]);
        }
      }
    }
  }
}

const MECHANICS: readonly [name: string, type: string][] = [
  ['Buy 10 Get 1 Free', 'Free Goods'],
  ['5% Off on Invoice', 'Discount'],
  ['Display Bonus', 'Display'],
  ['Bundle Deal', 'Bundle'],
  ['Volume Discount 3%', 'Discount'],
  ['New Outlet Starter Pack', 'Bundle'],
];

export function writePromotions(
  org: MarketOrg,
  cal: MarketCalendar,
  size: MarketSize,
  seed: number,
  promotions: TableBuffer,
  promotionOutlets: TableBuffer,
): void {
  const rng = new Rng(seed, org.country, 'promotions');
  const CC = org.country.toUpperCase();
  const active = org.distributors.filter((d) => d.active);
  const outletsByDt = new Map<string, { outlet: OutletRow; bsa: string; dtCode: string }[]>();
  for (const sm of org.salesmen) {
    const list = outletsByDt.get(sm.dt.dtCode) ?? [];
    for (const outlet of sm.outlets)
      if (outlet.active) list.push({ outlet, bsa: sm.bsa, dtCode: sm.dt.dtCode });
    outletsByDt.set(sm.dt.dtCode, list);
  }
  const span = cal.lastDay - cal.firstDay;
  for (let n = 1; n <= size.promotions; n++) {
    const code = `${CC}PR${String(n).padStart(4, '0')}`;
    const product = rng.pick(org.products).item;
    const [mechanic, type] = rng.pick(MECHANICS);
    const start = cal.firstDay - 20 + rng.int(0, span + 30);
    const end = start + rng.int(14, 45);
    const status = rng.chance(0.08)
      ? 'cancelled'
      : start > cal.lastDay
        ? 'scheduled'
        : end < cal.lastDay
          ? 'ended'
          : 'active';
    const dt = rng.chance(0.4) ? null : rng.pick(active);
    promotions.add([
      code,
      org.country,
      `${product.brand} ${mechanic}`,
      `${mechanic} on ${product.name}`,
      type,
      product.bsa,
      cal.date(start),
      cal.date(end),
      dt?.dtCode ?? null,
      status,
    ]);
    const pool = dt ? (outletsByDt.get(dt.dtCode) ?? []) : [...outletsByDt.values()].flat();
    const eligible = pool.filter((o) => (o.bsa === 'Ice Cream') === (product.bsa === 'Ice Cream'));
    const take = Math.min(size.promotionOutletsMax, eligible.length);
    // A partial shuffle picks `take` distinct outlets.
    for (let i = 0; i < take; i++) {
      const j = i + Math.floor(rng.next() * (eligible.length - i));
      [eligible[i], eligible[j]] = [eligible[j]!, eligible[i]!];
      const { outlet, dtCode } = eligible[i]!;
      const ran = Math.min(end, cal.lastDay) - start;
      let state: 'eligible' | 'applied' | 'not_applied' = 'eligible';
      if (status !== 'scheduled' && ran >= 0) {
        const x = rng.next();
        state = x < 0.55 ? 'applied' : x < 0.9 ? 'not_applied' : 'eligible';
      }
      const times = state === 'applied' ? rng.int(1, 4) : 0;
      const last = state === 'applied' ? cal.date(start + rng.int(0, Math.max(0, ran))) : null;
      promotionOutlets.add([code, outlet.id, org.country, dtCode, state, times, last]);
    }
  }
}
