/**
 * One market's organisation: the sales hierarchy along the market's title chain, the distributors
 * and sites its teams work from, every member's portal user, the salesmen with their outlets and
 * weekly beats, and the demo sign-ins placed on real nodes of that tree (sm.CC as one more
 * salesperson in tl.CC's team). Nobody's name repeats within a market, nor does a distributor's.
 */
import {
  ALL_DT_ACCESS,
  chainFor,
  COUNTRIES,
  countryFlags,
  DEMO_LEVEL_INDEX,
  MARKET_VARIANT,
  sortBsa,
  type CountryCode,
} from '@fieldforce/contracts';
import { marketProducts, type MarketProduct } from './catalogue.js';
import { DEMO_SIGN_INS, demoEmail, type DemoSignInKind } from './demo-users.js';
import { asciiSlug, MARKETS, outletNamePatterns, type City } from './markets.js';
import { Rng } from './prng.js';
import type { MarketSize } from './scales.js';

export interface SeedIds {
  member: number;
  salesman: number;
  outlet: number;
}

export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: string;
  userType: 'admin' | 'user';
  ucube: boolean;
  reports: boolean;
  superUser: boolean;
  dtAccessCodes: string;
  countryCodes: string;
  home: CountryCode;
  phone: string | null;
  status: 'active' | 'invited' | 'disabled';
  createdAt: number;
  passwordChangedAt: number;
  lastLoginAt: number | null;
  bsa: string[];
}

export interface DistributorRow {
  dtCode: string;
  name: string;
  city: City;
  active: boolean;
  sites: SiteRow[];
}

export interface SiteRow {
  code: string;
  dtCode: string;
  name: string;
  city: City;
  lat: number;
  lng: number;
  active: boolean;
  /** BSAs sold by the teams working from this site (decides the stock it holds). */
  bsas: Set<string>;
}

export interface MemberRow {
  id: number;
  employeeCode: string;
  user: UserRow;
  title: string;
  level: number;
  manager: MemberRow | null;
  children: MemberRow[];
  city: City;
  dt: DistributorRow | null;
  site: SiteRow | null;
  /** Team leaders: the team's performance factor (1 = on target) and BSA. */
  teamFactor: number;
  teamBsa: string;
  salesman: SalesmanRow | null;
}

export interface OutletRow {
  id: number;
  code: string;
  name: string;
  type: string;
  subtype: string;
  channel: string;
  address: string;
  lat: number;
  lng: number;
  active: boolean;
  geoCompliance: boolean;
  isOnline: boolean;
  createdOn: string;
  /** How much the outlet buys compared with an average outlet of its channel (kept in memory only). */
  size: number;
}

export interface SalesmanRow {
  id: number;
  smCode: string;
  member: MemberRow;
  teamLeader: MemberRow;
  dt: DistributorRow;
  site: SiteRow;
  name: string;
  phone: string;
  /** Null: no device mapped yet (Salesman Device ID shows a few such salesmen). */
  deviceId: string | null;
  /** Device Geo-Compliance: visits must be recorded inside the outlet's radius, in metres. */
  geoFenceRequired: boolean;
  geoFenceRadiusM: number;
  bsa: string;
  /** Personal performance factor; the team's monthly swing is applied on top. */
  perf: number;
  outlets: OutletRow[];
  /** Active outlets planned per ISO day of week (index 1..7), in visiting order. */
  beat: OutletRow[][];
  home: { lat: number; lng: number };
  products: MarketProduct[];
  cumulativeWeights: number[];
}

export interface MarketOrg {
  country: CountryCode;
  distributors: DistributorRow[];
  members: MemberRow[];
  salesmen: SalesmanRow[];
  users: UserRow[];
  products: MarketProduct[];
  teamLeaders: MemberRow[];
}

const KM_PER_DEG_LAT = 110.574;

/** The demo devices' geo-fence radii in metres (Device Geo-Compliance). */
const GEO_FENCE_RADII_M = [50, 75, 100, 150, 200, 300, 500] as const;

/** A point at a random bearing, up to maxKm away (denser near the centre, like a real city). */
export function jitter(
  rng: Rng,
  lat: number,
  lng: number,
  maxKm: number,
  minKm = 0,
): { lat: number; lng: number } {
  const r = minKm + (maxKm - minKm) * Math.sqrt(rng.next()) * rng.range(0.4, 1);
  const theta = rng.next() * 2 * Math.PI;
  const dLat = (r * Math.cos(theta)) / KM_PER_DEG_LAT;
  const dLng = (r * Math.sin(theta)) / (111.32 * Math.cos((lat * Math.PI) / 180));
  return { lat: round7(lat + dLat), lng: round7(lng + dLng) };
}

export function round7(x: number): number {
  return Math.round(x * 1e7) / 1e7;
}

const MOBILE_PREFIX: Record<CountryCode, readonly string[]> = {
  vn: ['90', '91', '93', '97', '98', '35', '86'],
  id: ['812', '813', '821', '852', '878'],
  idic: ['811', '815', '822', '857', '896'],
  ph: ['917', '918', '927', '939', '945'],
  th: ['81', '86', '89', '92', '95'],
  pk: ['300', '301', '321', '333', '345'],
  bd: ['13', '15', '17', '18', '19'],
};

function phone(rng: Rng, cc: CountryCode): string {
  const prefix = rng.pick(MOBILE_PREFIX[cc]);
  const digits =
    (cc === 'id' || cc === 'idic' ? 9 : cc === 'ph' || cc === 'pk' ? 7 : 8) - (prefix.length - 2);
  let rest = '';
  for (let i = 0; i < digits; i++) rest += rng.int(0, 9);
  return `${COUNTRIES[cc].dialCode}${prefix}${rest}`;
}

export interface OutletKind {
  channel: string;
  /** Outlet types with their subtypes (each with its size: how much it buys, about 1 on average). */
  types: readonly [
    type: string,
    subtypes: readonly (readonly [subtype: string, size: number])[],
    weight: number,
  ][];
}

/** The outlets each BSA's salesmen call on. A wholesaler buys several times what a small grocery does. */
export const OUTLET_KINDS: Readonly<Record<string, OutletKind>> = {
  Distributor: {
    channel: 'General Trade',
    types: [
      [
        'Grocery',
        [
          ['Small Grocery', 0.45],
          ['Medium Grocery', 0.8],
          ['Large Grocery', 1.4],
        ],
        6,
      ],
      [
        'Wet Market',
        [
          ['Market Stall', 0.4],
          ['Market Shop', 0.8],
        ],
        2,
      ],
      [
        'Wholesaler',
        [
          ['Semi-Wholesaler', 2.2],
          ['Wholesaler', 4],
        ],
        1,
      ],
      [
        'Mini Market',
        [
          ['Independent Mini Market', 1],
          ['Chain Mini Market', 1.4],
        ],
        2,
      ],
    ],
  },
  'New Channel': {
    channel: 'New Channel',
    types: [
      [
        'Pharmacy',
        [
          ['Independent Pharmacy', 0.9],
          ['Chain Pharmacy', 1.5],
        ],
        3,
      ],
      [
        'Cosmetics Store',
        [
          ['Beauty Shop', 0.8],
          ['Cosmetics Counter', 1],
        ],
        3,
      ],
      ['Baby Shop', [['Mother & Baby Store', 1]], 1],
      [
        'HoReCa',
        [
          ['Restaurant', 0.9],
          ['Hotel', 1.2],
          ['Cafe', 0.5],
        ],
        2,
      ],
    ],
  },
  'Ice Cream': {
    channel: 'Out of Home',
    types: [
      [
        'Kiosk',
        [
          ['Street Kiosk', 0.7],
          ['Mall Kiosk', 1.2],
        ],
        3,
      ],
      [
        'School Canteen',
        [
          ['Primary School', 0.8],
          ['High School', 1.1],
        ],
        2,
      ],
      ['Convenience', [['Convenience Store', 1.3]], 3],
      [
        'Eatery',
        [
          ['Food Stall', 0.6],
          ['Cafe', 0.9],
        ],
        2,
      ],
    ],
  },
};

/** The team performance tiers that make dashboards interesting: a few stars, a few far behind. */
function teamFactor(rng: Rng): number {
  const x = rng.next();
  if (x < 0.2) return rng.range(1.1, 1.3);
  if (x < 0.7) return rng.range(0.92, 1.08);
  if (x < 0.9) return rng.range(0.72, 0.9);
  return rng.range(0.45, 0.65);
}

function pickWeighted<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [item, w] of items) {
    x -= w;
    if (x < 0) return item;
  }
  return items[items.length - 1]![0];
}

export function dayString(epochDay: number): string {
  return new Date(epochDay * 86_400_000).toISOString().slice(0, 10);
}

export interface OrgContext {
  seed: number;
  ids: SeedIds;
  /** Local epoch day of the first and last day of activity. */
  firstDay: number;
  lastDay: number;
  /** Epoch milliseconds of `today`. */
  nowMs: number;
}

function userSequence(cc: CountryCode) {
  let n = 0;
  return () => `${cc}-u${String(++n).padStart(5, '0')}`;
}

export function buildMarketOrg(ctx: OrgContext, cc: CountryCode, size: MarketSize): MarketOrg {
  const profile = MARKETS[cc];
  const chain = chainFor(cc);
  const variant = MARKET_VARIANT[cc];
  const levels = DEMO_LEVEL_INDEX[variant];
  const fanout = variant === 'regional' ? size.regionalFanout : size.fanout;
  if (fanout.length !== levels.tl) throw new Error(`fanout for ${cc} needs ${levels.tl} levels`);

  const rng = new Rng(ctx.seed, cc, 'org');
  const geo = new Rng(ctx.seed, cc, 'geo');
  const products = marketProducts(new Rng(ctx.seed, cc, 'products'), cc);
  const nextUserId = userSequence(cc);
  const CC = cc.toUpperCase();
  const usedEmails = new Set<string>();
  const usedNames = new Set<string>();
  const dayMs = 86_400_000;

  /** A man's or woman's name nobody else in the market has (a repeat only if the lists ran out). */
  const personName = () => {
    for (let tries = 0; ; tries++) {
      const group = rng.pick(profile.names.groups);
      const given = rng.pick(group.given);
      const family = rng.pick(group.family ?? profile.names.family);
      const middle = group.middle ? rng.pick(group.middle) : '';
      const full = profile.names.format(given, family, middle);
      if (!usedNames.has(full) || tries >= 50) {
        usedNames.add(full);
        return { given, family, full };
      }
    }
  };

  const makeUser = (fullName: string, given: string, family: string, role: string): UserRow => {
    const id = nextUserId();
    let email = `${asciiSlug(given)}.${asciiSlug(family)}.${id.slice(-5)}@${cc}.fieldforce.test`;
    while (usedEmails.has(email)) email = email.replace('@', 'x@');
    usedEmails.add(email);
    return {
      id,
      email,
      name: fullName,
      role,
      userType: 'user',
      ucube: true,
      reports: true,
      superUser: false,
      dtAccessCodes: '',
      countryCodes: cc,
      home: cc,
      phone: phone(rng, cc),
      status: 'active',
      createdAt: (ctx.firstDay - rng.int(60, 900)) * dayMs + rng.int(0, 86_399) * 1000,
      passwordChangedAt: ctx.nowMs - rng.int(1, 80) * dayMs - rng.int(0, 86_399) * 1000,
      lastLoginAt: rng.chance(0.8) ? ctx.nowMs - rng.int(0, 14) * dayMs - rng.int(0, 86_399) * 1000 : null,
      bsa: [],
    };
  };

  // --- The hierarchy, distributors and salesmen -------------------------------------------------
  const distributors: DistributorRow[] = [];
  const members: MemberRow[] = [];
  const salesmen: SalesmanRow[] = [];
  const teamLeaders: MemberRow[] = [];
  const levelSeq = chain.map(() => 0);
  let citySeq = 0;

  // Trading names are dealt from a shuffled pool, so none repeats; a market with more distributors
  // than names (the large set) reuses a name with the city, then with a number.
  const tradingNames = new Rng(ctx.seed, cc, 'distributor-names').shuffle([...profile.distributors.names]);
  const usedTradingNames = new Set<string>();
  const tradingName = (city: City): string => {
    const n = distributors.length;
    const base = tradingNames[n % tradingNames.length]!;
    let name = n < tradingNames.length ? base : `${base} ${city.name}`;
    for (let k = 2; usedTradingNames.has(name); k++) name = `${base} ${k}`;
    usedTradingNames.add(name);
    return name;
  };
  const newDistributor = (city: City, active: boolean): DistributorRow => {
    const dtCode = `${CC}DT${String(distributors.length + 1).padStart(3, '0')}`;
    const name = rng.pick(profile.distributors.forms).replace('{name}', tradingName(city));
    const dt: DistributorRow = { dtCode, name, city, active, sites: [] };
    distributors.push(dt);
    return dt;
  };
  const newSite = (dt: DistributorRow): SiteRow => {
    const n = dt.sites.length + 1;
    const where = jitter(geo, dt.city.lat, dt.city.lng, dt.city.radiusKm * 0.7);
    const site: SiteRow = {
      code: `${dt.dtCode}S${String(n).padStart(2, '0')}`,
      dtCode: dt.dtCode,
      name: `${dt.name} - ${geo.pick(dt.city.districts)}`,
      city: dt.city,
      ...where,
      active: dt.active,
      bsas: new Set(),
    };
    dt.sites.push(site);
    return site;
  };

  const newMember = (level: number, manager: MemberRow | null, city: City): MemberRow => {
    const title = chain[level]!;
    const person = personName();
    const user = makeUser(person.full, person.given, person.family, title.role);
    levelSeq[level]! += 1;
    const member: MemberRow = {
      id: ++ctx.ids.member,
      employeeCode:
        level === levels.sm
          ? `${CC}SM${String(levelSeq[level]).padStart(5, '0')}`
          : `${CC}${title.short}${String(levelSeq[level]).padStart(4, '0')}`,
      user,
      title: title.role,
      level,
      manager,
      children: [],
      city,
      dt: manager?.dt ?? null,
      site: manager?.site ?? null,
      teamFactor: 1,
      teamBsa: manager?.teamBsa ?? 'Distributor',
      salesman: null,
    };
    manager?.children.push(member);
    members.push(member);
    return member;
  };

  const addSalesman = (member: MemberRow, tl: MemberRow) => {
    const dt = tl.dt!;
    const site = tl.site!;
    const home = jitter(geo, site.lat, site.lng, 3.5, 1);
    const team = products.filter((p) => (tl.teamBsa === 'Ice Cream') === (p.item.bsa === 'Ice Cream'));
    const list = team.length > 0 ? team : products;
    let running = 0;
    // Drawn for every salesman, mapped or not, so the shared stream (and every value after it) is
    // what it was before devices could be unmapped; the device settings come from their own stream.
    const deviceHex = rng.hex(16);
    const index = salesmen.length;
    const devicePlan = new Rng(ctx.seed, cc, 'device-settings', member.employeeCode);
    const sm: SalesmanRow = {
      id: ++ctx.ids.salesman,
      smCode: member.employeeCode,
      member,
      teamLeader: tl,
      dt,
      site,
      name: member.user.name,
      phone: member.user.phone!,
      deviceId: index % 8 === 3 ? null : deviceHex,
      geoFenceRequired: index % 3 !== 2,
      geoFenceRadiusM: devicePlan.pick(GEO_FENCE_RADII_M),
      bsa: tl.teamBsa,
      perf: tl.teamFactor * rng.range(0.9, 1.1),
      outlets: [],
      beat: Array.from({ length: 8 }, () => []),
      home,
      products: list,
      cumulativeWeights: list.map((p) => (running += p.item.weight)),
    };
    member.salesman = sm;
    salesmen.push(sm);
    return sm;
  };

  // The first team of every second-level manager's area sells the market's main BSA (the one UCube
  // opens on), so every area, and the demo sign-ins' team, shows figures at first sight.
  const mainBsa = profile.bsaMix[0]![0];
  const areasWithMainTeam = new Set<number>();
  const areaOf = (m: MemberRow): MemberRow => {
    let node = m;
    while (node.level > levels.asm && node.manager) node = node.manager;
    return node;
  };

  const grow = (node: MemberRow) => {
    const level = node.level;
    if (level === levels.sm) return;
    if (level === levels.tl) {
      const count = rng.int(size.teamSize[0], size.teamSize[1]);
      for (let i = 0; i < count; i++) addSalesman(newMember(level + 1, node, node.city), node);
      return;
    }
    const count = fanout[level]!;
    // The level above the team leaders runs one distributor per two teams, one site per team.
    const runsDistributors = level + 1 === levels.tl;
    let dt: DistributorRow | null = null;
    for (let i = 0; i < count; i++) {
      const city = level === 0 ? profile.cities[citySeq++ % profile.cities.length]! : node.city;
      if (runsDistributors && i % 2 === 0) dt = newDistributor(city, true);
      const child = newMember(level + 1, node, city);
      if (runsDistributors) {
        child.dt = dt;
        child.site = newSite(dt!);
        child.teamFactor = teamFactor(rng);
        const drawn = pickWeighted(rng, profile.bsaMix);
        const area = areaOf(child);
        child.teamBsa = areasWithMainTeam.has(area.id) ? drawn : mainBsa;
        areasWithMainTeam.add(area.id);
        child.site.bsas.add(child.teamBsa);
        teamLeaders.push(child);
      }
      grow(child);
    }
  };

  for (let h = 0; h < size.heads; h++) {
    // A head's region is named after the city of its first area; fixed below once it exists.
    const head = newMember(0, null, profile.cities[citySeq % profile.cities.length]!);
    grow(head);
    head.city = head.children[0]?.city ?? head.city;
  }
  // One distributor that stopped trading, for inactive filters and admin screens.
  newSite(newDistributor(profile.cities[profile.cities.length - 1]!, false));

  // The demo sign-ins: head.CC heads the (first) region, asm.CC is its first second-level manager
  // (mfa.vn the second), tl.CC the first team leader under asm.CC, and sm.CC one more salesperson
  // joining tl.CC's team, so the team keeps every generated member.
  const firstDescendant = (m: MemberRow, level: number): MemberRow => {
    let node = m;
    while (node.level < level) node = node.children[0]!;
    return node;
  };
  const head = members[0]!;
  const asm = head.children[0]!;
  const tl = firstDescendant(asm, levels.tl);
  const sm = addSalesman(newMember(levels.sm, tl, tl.city), tl).member;

  // --- Users: scope, access and BSA ------------------------------------------------------------
  const subtreeDts = (m: MemberRow, into: Set<string>): Set<string> => {
    if (m.dt) into.add(m.dt.dtCode);
    for (const c of m.children) subtreeDts(c, into);
    return into;
  };
  const bsaFor = (teamBsa: string | null): string[] => {
    if (cc === 'idic') return sortBsa(rng.chance(0.5) ? ['Ice Cream', 'Distributor'] : ['Ice Cream'], cc);
    const list = ['Distributor', 'New Channel'];
    if (profile.sellsIceCream && (teamBsa === 'Ice Cream' || rng.chance(0.2))) list.push('Ice Cream');
    return sortBsa(list, cc);
  };
  for (const m of members) {
    m.user.dtAccessCodes = [...subtreeDts(m, new Set())].sort().join(',');
    m.user.reports = m.level !== levels.sm;
    m.user.bsa = bsaFor(m.level >= levels.tl ? m.teamBsa : null);
  }

  // --- Demo sign-ins on real nodes ---------------------------------------------------------------
  const demoNodes: [DemoSignInKind, MemberRow][] = [
    ['head', head],
    ['asm', asm],
    ['tl', tl],
    ['sm', sm],
  ];
  if (cc === 'vn') {
    const second = head.children[1];
    if (!second) throw new Error('vn needs two ASMs under the first head for mfa.vn');
    demoNodes.push(['mfa', second]);
  }
  const demoUser = (user: UserRow) => {
    user.passwordChangedAt = ctx.nowMs;
    user.lastLoginAt = null;
    user.status = 'active';
  };
  for (const [kind, node] of demoNodes) {
    node.user.email = demoEmail(kind as Exclude<DemoSignInKind, 'super'>, cc);
    demoUser(node.user);
  }

  const users: UserRow[] = members.map((m) => m.user);
  const smDt = sm.dt!.dtCode;
  const otherDt = distributors.find((d) => d.active && d.dtCode !== smDt)?.dtCode;
  const spec = (kind: DemoSignInKind) => DEMO_SIGN_INS.find((s) => s.kind === kind && s.market === cc)!;
  const addDemo = (kind: 'admin' | 'dt' | 'reports' | 'none', dtAccessCodes: string, bsa: string[]) => {
    const s = spec(kind);
    const person = personName();
    const user = makeUser(person.full, person.given, person.family, s.role);
    Object.assign(user, {
      email: s.email,
      userType: s.userType,
      ucube: s.accessToUcube === 'YES',
      reports: s.accessToOperationalDashboards === 'YES',
      dtAccessCodes,
      bsa,
    });
    demoUser(user);
    users.push(user);
  };
  const fullBsa = sortBsa(
    cc === 'idic'
      ? ['Ice Cream', 'Distributor']
      : ['Distributor', 'New Channel', ...(profile.sellsIceCream ? ['Ice Cream'] : [])],
    cc,
  );
  addDemo('admin', ALL_DT_ACCESS, fullBsa);
  addDemo('dt', smDt, sm.user.bsa);
  addDemo('reports', [smDt, otherDt ?? smDt].filter((v, i, a) => a.indexOf(v) === i).join(','), bsaFor(null));
  addDemo('none', '', bsaFor(null));

  // A couple of accounts that are not in the hierarchy, as a user-management screen would show.
  for (const status of ['invited', 'disabled'] as const) {
    const person = personName();
    const user = makeUser(person.full, person.given, person.family, 'CD VP');
    user.status = status;
    user.ucube = false;
    user.reports = status === 'disabled';
    user.lastLoginAt = status === 'invited' ? null : user.lastLoginAt;
    user.bsa = bsaFor(null);
    users.push(user);
  }

  // --- Outlets and beats ------------------------------------------------------------------------
  const workingDays = [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== profile.weeklyOff);
  const outletRng = new Rng(ctx.seed, cc, 'outlets');
  let outletSeq = 0;
  const outletCode = () => `${profile.outletCodePrefix}${String(100_000_000 + ++outletSeq)}`;
  const [men, women] = profile.names.groups;
  const outletName = (type: string, subtype: string, city: City, district: string): string => {
    const pattern = outletRng.pick(outletNamePatterns(cc, type, subtype));
    const group = outletRng.pick(profile.names.groups);
    return pattern.replace(/\{(\w+)\}/g, (_, key: string) => {
      switch (key) {
        case 'given':
          return outletRng.pick(group.given);
        case 'he':
          return outletRng.pick(men.given);
        case 'she':
          return outletRng.pick(women.given);
        case 'family':
          return outletRng.pick(profile.names.family);
        case 'district':
          return district;
        case 'street':
          return outletRng.pick(city.streets);
        case 'n':
          return String(outletRng.int(1, 40));
        default:
          throw new Error(`unknown placeholder {${key}} in an outlet name of ${cc}`);
      }
    });
  };
  const newOutlet = (s: SalesmanRow, near: { lat: number; lng: number }, active: boolean): OutletRow => {
    const kind = OUTLET_KINDS[s.bsa] ?? OUTLET_KINDS.Distributor!;
    const [type, subtypes] = pickWeighted(
      outletRng,
      kind.types.map(([t, subs, w]) => [[t, subs] as const, w] as const),
    );
    const [subtype, size] = outletRng.pick(subtypes);
    const city = s.site.city;
    const district = outletRng.pick(city.districts);
    const where = jitter(outletRng, near.lat, near.lng, 0.9);
    const outlet: OutletRow = {
      id: ++ctx.ids.outlet,
      code: outletCode(),
      name: outletName(type, subtype, city, district),
      type,
      subtype,
      channel: kind.channel,
      address: profile.address({
        rng: outletRng,
        street: outletRng.pick(city.streets),
        district,
        city: city.name,
      }),
      size: size * outletRng.range(0.7, 1.3),
      ...where,
      active,
      geoCompliance: outletRng.chance(0.88),
      // Outlet Status Online/Offline (issue 11): about 7 % offline where the market's OfflineApp flag
      // is on; every outlet online in vn, whose flag is off (the draw is kept so the stream is unchanged).
      isOnline: outletRng.chance(0.93) || !countryFlags(cc).OfflineApp,
      createdOn: dayString(ctx.firstDay - outletRng.int(30, 1500)),
    };
    s.outlets.push(outlet);
    return outlet;
  };
  for (const s of salesmen) {
    const perDay = outletRng.int(size.plannedPerDay[0], size.plannedPerDay[1]);
    workingDays.forEach((dow, i) => {
      // Each weekday covers its own slice of the salesman's territory, visited in a loop.
      const angle = (i / workingDays.length) * 2 * Math.PI;
      const centre = {
        lat: s.home.lat + (1.4 * Math.cos(angle)) / KM_PER_DEG_LAT,
        lng: s.home.lng + (1.4 * Math.sin(angle)) / (111.32 * Math.cos((s.home.lat * Math.PI) / 180)),
      };
      const day: OutletRow[] = [];
      for (let k = 0; k < perDay; k++) day.push(newOutlet(s, centre, true));
      if (outletRng.chance(0.25)) newOutlet(s, centre, false);
      day.sort(
        (a, b) =>
          Math.atan2(a.lat - centre.lat, a.lng - centre.lng) -
          Math.atan2(b.lat - centre.lat, b.lng - centre.lng),
      );
      s.beat[dow] = day;
    });
  }

  return { country: cc, distributors, members, salesmen, users, products, teamLeaders };
}

/** The one super user, across every market. */
export function superUser(ctx: OrgContext): UserRow {
  const s = DEMO_SIGN_INS.find((d) => d.kind === 'super')!;
  return {
    id: 'all-u00001',
    email: s.email,
    name: 'Demo Super User',
    role: s.role,
    userType: 'user',
    ucube: true,
    reports: true,
    superUser: true,
    dtAccessCodes: ALL_DT_ACCESS,
    countryCodes: 'id,idic,vn,ph,th,pk,bd',
    home: 'vn',
    phone: null,
    status: 'active',
    createdAt: (ctx.firstDay - 400) * 86_400_000,
    passwordChangedAt: ctx.nowMs,
    lastLoginAt: null,
    bsa: ['Distributor', 'New Channel', 'Ice Cream'],
  };
}
