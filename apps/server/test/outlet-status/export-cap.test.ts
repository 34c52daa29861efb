/**
 * The export's cap: past REPORT_DOWNLOAD_CAP matching outlets the file holds only the first ones, and
 * the headers say so (X-Export-Truncated, and the spec's message in X-Export-Message). The headers are
 * read over real HTTP and the download is then dropped, so the test does not stream 100,000 rows.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IMPORT_MESSAGES, REPORT_DOWNLOAD_CAP } from '@fieldforce/contracts';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signIn } from './helpers.js';

let t: TestApp;
let token: string;
let dtCode: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 } });
  const { rows } = await t.app.db.query<{ dt_code: string; dt_site_code: string }>(
    `SELECT dt_code, dt_site_code FROM dt_sites WHERE country_code = 'ph' ORDER BY dt_site_code LIMIT 1`,
  );
  dtCode = rows[0]!.dt_code;
  await t.app.db.query(
    `INSERT INTO outlets (outlet_code, country_code, dt_code, dt_site_code, name, outlet_type, outlet_subtype,
                          channel, city, address, latitude, longitude, created_on)
     SELECT 'CAP' || g, 'ph', $1, $2, 'Cap outlet ' || g, 'Grocery', 'Small', 'GT', 'Manila', 'Street', 14.6, 121.0,
            DATE '2026-01-01'
     FROM generate_series(1, $3::int) g`,
    [dtCode, rows[0]!.dt_site_code, REPORT_DOWNLOAD_CAP + 1],
  );
  token = await signIn(t.app, 'admin.ph@demo.test', 'ph');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(() => t?.close());

it('says the file is cut at 100,000 rows, with the spec’s message', async () => {
  const { port } = t.app.server.address() as AddressInfo;
  const { status, headers } = await new Promise<{
    status: number | undefined;
    headers: http.IncomingHttpHeaders;
  }>((resolve, reject) => {
    const req = http.get(
      `http://127.0.0.1:${port}/api/admin/fileExport?countryCode=ph&filter_dt_code=${dtCode}`,
      { headers: { customertoken: token } },
      (res) => {
        resolve({ status: res.statusCode, headers: res.headers });
        res.destroy();
        req.destroy();
      },
    );
    req.on('error', reject);
  });
  expect(status).toBe(200);
  expect(Number(headers['x-total-count'])).toBeGreaterThan(REPORT_DOWNLOAD_CAP);
  expect(headers['x-export-truncated']).toBe('true');
  expect(headers['x-export-message']).toBe(IMPORT_MESSAGES.DOWNLOAD_CAPPED);
}, 60_000);
