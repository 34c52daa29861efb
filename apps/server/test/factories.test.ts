/** The test factories insert rows a real, freshly migrated database accepts, with defaults and overrides. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from './helpers/database.js';
import { buildDistributor, buildOutlet, buildSalesman, buildUser } from './factories.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t?.cleanup());

describe('test factories', () => {
  it('buildUser: defaults, overrides, and two users never collide', async () => {
    const a = await buildUser(t.db);
    const b = await buildUser(t.db, {
      email: 'Admin.TH@Factory.test',
      homeCountryCode: 'th',
      userType: 'admin',
    });
    expect(a.email).not.toBe(b.email);
    const { rows } = await t.db.query<{ email: string; home_country_code: string; user_type: string }>(
      'SELECT email, home_country_code, user_type FROM users WHERE id = $1',
      [b.id],
    );
    expect(rows[0]).toEqual({ email: 'admin.th@factory.test', home_country_code: 'th', user_type: 'admin' });
  });

  it('buildDistributor: a distributor and its site in the market asked for', async () => {
    const dt = await buildDistributor(t.db, { countryCode: 'th' });
    const { rows } = await t.db.query<{ country_code: string }>(
      'SELECT s.country_code FROM dt_sites s JOIN distributors d USING (dt_code) WHERE s.dt_site_code = $1',
      [dt.dtSiteCode],
    );
    expect(rows).toEqual([{ country_code: 'th' }]);
  });

  it('buildSalesman: a salesman under a team leader, with its user and member', async () => {
    const sm = await buildSalesman(t.db, { countryCode: 'ph' });
    const { rows } = await t.db.query<{ sm_code: string; manager_id: string | number; dt_code: string }>(
      `SELECT s.sm_code, m.manager_id, s.dt_code FROM salesmen s JOIN hierarchy_members m ON m.id = s.member_id WHERE s.id = $1`,
      [sm.id],
    );
    expect(rows[0]!.sm_code).toBe(sm.smCode);
    expect(Number(rows[0]!.manager_id)).toBe(sm.teamLeaderMemberId);
    expect(rows[0]!.dt_code).toBe(sm.dtCode);
  });

  it('buildOutlet: defaults to an online outlet; overrides reuse a distributor and set the status', async () => {
    const online = await buildOutlet(t.db);
    expect(online.isOnline).toBe(true);
    const dt = await buildDistributor(t.db);
    const sm = await buildSalesman(t.db, { dtCode: dt.dtCode, dtSiteCode: dt.dtSiteCode });
    const offline = await buildOutlet(t.db, {
      dtCode: dt.dtCode,
      dtSiteCode: dt.dtSiteCode,
      salesmanId: sm.id,
      isOnline: false,
    });
    const { rows } = await t.db.query<{
      outlet_code: string;
      is_online: boolean;
      dt_code: string;
      salesman_id: string | number;
    }>('SELECT outlet_code, is_online, dt_code, salesman_id FROM outlets WHERE id = $1', [offline.id]);
    expect(rows[0]).toMatchObject({ outlet_code: offline.outletCode, is_online: false, dt_code: dt.dtCode });
    expect(Number(rows[0]!.salesman_id)).toBe(sm.id);
    expect(offline.outletCode).toMatch(/^\d+$/);
  });
});
