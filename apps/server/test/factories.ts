/**
 * Test factories: each inserts one row (and the rows it needs) into a test database with sensible
 * defaults, so a test states the data it depends on instead of leaning on the demo seed. Pass only
 * what the test cares about; every other column gets a unique or harmless value. The markets
 * themselves come from migration 0002 (every fresh database has them).
 *
 *   const db = (await freshDatabase()).db;
 *   const outlet = await buildOutlet(db, { countryCode: 'th', isOnline: false });
 */
import type { Queryable } from '../src/db/client.js';

let sequence = 0;
/** A number unique within the test process, for codes and emails. */
const next = () => ++sequence;

export interface BuiltUser {
  id: string;
  email: string;
  name: string;
  role: string;
  userType: 'admin' | 'user' | 'salesman';
  countryCodes: string;
  homeCountryCode: string;
  dtAccessCodes: string;
  status: 'active' | 'invited' | 'disabled';
}

export async function buildUser(
  db: Queryable,
  overrides: Partial<Omit<BuiltUser, 'id'>> = {},
): Promise<BuiltUser> {
  const n = next();
  const homeCountryCode = overrides.homeCountryCode ?? overrides.countryCodes?.split(',')[0] ?? 'vn';
  const user = {
    email: `user${n}.${homeCountryCode}@factory.test`,
    name: `Test User ${n}`,
    role: 'CD VP',
    userType: 'user' as const,
    countryCodes: homeCountryCode,
    dtAccessCodes: '',
    status: 'active' as const,
    ...overrides,
    homeCountryCode,
  };
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, name, role, user_type, country_codes, home_country_code, dt_access_codes, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      user.email.toLowerCase(),
      user.name,
      user.role,
      user.userType,
      user.countryCodes,
      user.homeCountryCode,
      user.dtAccessCodes,
      user.status,
    ],
  );
  return { id: rows[0]!.id, ...user, email: user.email.toLowerCase() };
}

export interface BuiltDistributor {
  dtCode: string;
  /** The distributor's one site (a distributor without a site cannot hold outlets or salesmen). */
  dtSiteCode: string;
  countryCode: string;
  name: string;
  city: string;
  region: string;
  active: boolean;
}

export async function buildDistributor(
  db: Queryable,
  overrides: Partial<BuiltDistributor> = {},
): Promise<BuiltDistributor> {
  const n = next();
  const distributor = {
    dtCode: `FDT${n}`,
    countryCode: 'vn',
    name: `Factory Distributor ${n}`,
    city: 'Test City',
    region: 'Test Region',
    active: true,
    ...overrides,
  };
  const dtSiteCode = overrides.dtSiteCode ?? `${distributor.dtCode}-S1`;
  await db.query(
    `INSERT INTO distributors (dt_code, country_code, name, city, region, active) VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      distributor.dtCode,
      distributor.countryCode,
      distributor.name,
      distributor.city,
      distributor.region,
      distributor.active,
    ],
  );
  await db.query(
    `INSERT INTO dt_sites (dt_site_code, dt_code, country_code, name, city, latitude, longitude)
     VALUES ($1, $2, $3, $4, $5, 10.8, 106.7)`,
    [dtSiteCode, distributor.dtCode, distributor.countryCode, `${distributor.name} site`, distributor.city],
  );
  return { ...distributor, dtSiteCode };
}

export interface BuiltSalesman {
  id: number;
  smCode: string;
  countryCode: string;
  userId: string;
  memberId: number;
  teamLeaderMemberId: number;
  dtCode: string;
  dtSiteCode: string;
  name: string;
  phone: string;
  bsa: string;
  active: boolean;
}

/** A hierarchy member row for a user (title and level as the market's chain names them). */
async function buildMember(
  db: Queryable,
  input: {
    countryCode: string;
    userId: string;
    title: string;
    levelIndex: number;
    managerId: number | null;
    dtCode: string;
    dtSiteCode: string;
  },
): Promise<number> {
  const { rows } = await db.query<{ id: string | number }>(
    `INSERT INTO hierarchy_members (country_code, employee_code, user_id, title, level_index, manager_id, dt_code, dt_site_code, city)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'Test City') RETURNING id`,
    [
      input.countryCode,
      `FEMP${next()}`,
      input.userId,
      input.title,
      input.levelIndex,
      input.managerId,
      input.dtCode,
      input.dtSiteCode,
    ],
  );
  return Number(rows[0]!.id);
}

/**
 * A salesman with everything a salesman row needs: a distributor and site (built unless given), the
 * salesman's user and hierarchy member, and a team leader (user and member, built unless given).
 */
export async function buildSalesman(
  db: Queryable,
  overrides: Partial<Omit<BuiltSalesman, 'id' | 'userId' | 'memberId'>> = {},
): Promise<BuiltSalesman> {
  const n = next();
  const countryCode = overrides.countryCode ?? 'vn';
  const site =
    overrides.dtCode && overrides.dtSiteCode
      ? { dtCode: overrides.dtCode, dtSiteCode: overrides.dtSiteCode }
      : await buildDistributor(db, { countryCode });
  const teamLeaderMemberId =
    overrides.teamLeaderMemberId ??
    (await buildMember(db, {
      countryCode,
      userId: (await buildUser(db, { homeCountryCode: countryCode, role: 'Team Leader' })).id,
      title: 'Team Leader',
      levelIndex: 3,
      managerId: null,
      ...site,
    }));
  const name = overrides.name ?? `Factory Salesman ${n}`;
  const user = await buildUser(db, {
    homeCountryCode: countryCode,
    userType: 'salesman',
    role: 'Salesman',
    name,
  });
  const memberId = await buildMember(db, {
    countryCode,
    userId: user.id,
    title: 'Salesman',
    levelIndex: 4,
    managerId: teamLeaderMemberId,
    ...site,
  });
  const salesman = {
    smCode: `FSM${n}`,
    phone: `+840000${String(n).padStart(5, '0')}`,
    bsa: 'Distributor',
    active: true,
    ...overrides,
    countryCode,
    name,
    teamLeaderMemberId,
    dtCode: site.dtCode,
    dtSiteCode: site.dtSiteCode,
  };
  const { rows } = await db.query<{ id: string | number }>(
    `INSERT INTO salesmen (sm_code, country_code, member_id, user_id, team_leader_member_id, dt_code, dt_site_code, name, phone, bsa, active)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      salesman.smCode,
      countryCode,
      memberId,
      user.id,
      teamLeaderMemberId,
      salesman.dtCode,
      salesman.dtSiteCode,
      name,
      salesman.phone,
      salesman.bsa,
      salesman.active,
    ],
  );
  return { id: Number(rows[0]!.id), userId: user.id, memberId, ...salesman };
}

export interface BuiltOutlet {
  id: number;
  outletCode: string;
  countryCode: string;
  dtCode: string;
  dtSiteCode: string;
  salesmanId: number | null;
  name: string;
  outletType: string;
  outletSubtype: string;
  channel: string;
  city: string;
  address: string;
  active: boolean;
  isOnline: boolean;
  geoCompliance: boolean;
  createdOn: string;
}

/** An outlet (digits-only code); its distributor and site are built unless dtCode and dtSiteCode are given. */
export async function buildOutlet(
  db: Queryable,
  overrides: Partial<Omit<BuiltOutlet, 'id'>> = {},
): Promise<BuiltOutlet> {
  const n = next();
  const countryCode = overrides.countryCode ?? 'vn';
  const site =
    overrides.dtCode && overrides.dtSiteCode
      ? { dtCode: overrides.dtCode, dtSiteCode: overrides.dtSiteCode }
      : await buildDistributor(db, { countryCode });
  const outlet = {
    outletCode: String(900_000_000 + n),
    salesmanId: null,
    name: `Factory Outlet ${n}`,
    outletType: 'Grocery',
    outletSubtype: 'Small',
    channel: 'General Trade',
    city: 'Test City',
    address: `${n} Test Street`,
    active: true,
    isOnline: true,
    geoCompliance: true,
    createdOn: '2024-01-01',
    ...overrides,
    countryCode,
    dtCode: site.dtCode,
    dtSiteCode: site.dtSiteCode,
  };
  const { rows } = await db.query<{ id: string | number }>(
    `INSERT INTO outlets (outlet_code, country_code, dt_code, dt_site_code, salesman_id, name, outlet_type, outlet_subtype,
       channel, city, address, latitude, longitude, active, geo_compliance, is_online, created_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 10.8, 106.7, $12, $13, $14, $15) RETURNING id`,
    [
      outlet.outletCode,
      countryCode,
      outlet.dtCode,
      outlet.dtSiteCode,
      outlet.salesmanId,
      outlet.name,
      outlet.outletType,
      outlet.outletSubtype,
      outlet.channel,
      outlet.city,
      outlet.address,
      outlet.active,
      outlet.geoCompliance,
      outlet.isOnline,
      outlet.createdOn,
    ],
  );
  return { id: Number(rows[0]!.id), ...outlet };
}
