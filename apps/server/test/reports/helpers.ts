import type { LightMyRequestResponse } from 'fastify';
import type { Envelope, ReportPage } from '@fieldforce/contracts';
import { signIn, withToken, type AuthTestApp } from '../auth/helpers.js';
import type { AuthUser } from '../../src/lib/policy.js';

export { authTestApp } from '../auth/helpers.js';

/** Signs the demo users in once per file; `get` calls a report URL as one of them. */
export function reportClient(t: AuthTestApp) {
  const tokens = new Map<string, string>();
  async function tokenOf(email: string) {
    if (!tokens.has(email)) tokens.set(email, (await signIn(t.app, email)).idToken);
    return tokens.get(email)!;
  }
  async function get(email: string | null, url: string, query: Record<string, string> = {}) {
    const qs = new URLSearchParams(query).toString();
    return t.app.inject({
      method: 'GET',
      url: qs ? `${url}?${qs}` : url,
      headers: email ? withToken(await tokenOf(email)) : {},
    });
  }
  async function page(email: string, key: string, query: Record<string, string> = {}) {
    const res = await get(email, `/api/reports/${key}`, { countryCode: 'vn', ...query });
    if (res.statusCode !== 200) throw new Error(`${key}: ${res.statusCode} ${res.body}`);
    return (res.json() as Envelope<ReportPage>)['response-data'];
  }
  return { get, page };
}

export const errorsOf = (res: LightMyRequestResponse) =>
  (res.json() as Envelope<null>).errors as {
    code: string;
    shortDescription: string;
    fields?: { field: string; message: string }[];
  };

/** A small RFC 4180 reader for checking exports: quoted fields, doubled quotes, CRLF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

export const RANGE = { from: '2026-10-01', to: '2026-11-20' };

/** admin.vn as the report queries see them (no session needed), with the given DT access codes. */
export const adminVn = (dtAccessCodes = 'All (Super Access)'): AuthUser => ({
  id: 'test',
  email: 'admin.vn@demo.test',
  name: 'Admin',
  role: 'CD VP',
  userType: 'admin',
  accessToUcube: true,
  accessToOperationalDashboards: true,
  isSuperUser: false,
  dtAccessCodes,
  countryCodes: ['vn'],
  homeCountryCode: 'vn',
  status: 'active',
  passwordChangedAt: null,
});
