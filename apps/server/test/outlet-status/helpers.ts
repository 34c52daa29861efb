import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEMO_PASSWORD, type Envelope } from '@fieldforce/contracts';

let devices = 0;

/** Signs in with the demo password; returns the id token. */
export async function signIn(app: FastifyInstance, email: string, market: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/fb/accounts/login?countryCode=${market}`,
    payload: { email, password: DEMO_PASSWORD, deviceId: `outlet-status test ${++devices}` },
  });
  if (res.statusCode !== 200) throw new Error(`${email}: ${res.body}`);
  return (res.json() as Envelope<{ idToken: string }>)['response-data'].idToken;
}

/**
 * An admin of `market` limited to `dtCodes` (a user the demo seed does not have), with the demo
 * password of admin.<market>.
 */
export async function createDtLimitedAdmin(
  app: FastifyInstance,
  market: string,
  dtCodes: string[],
  email = `dtadmin.${market}@demo.test`,
): Promise<string> {
  await app.db.query(
    `INSERT INTO users (email, name, role, user_type, access_to_ucube, access_to_operational_dashboards,
                        dt_access_codes, country_codes, home_country_code, password_hash, password_changed_at)
     SELECT $1, 'DT-limited admin', role, 'admin', access_to_ucube, access_to_operational_dashboards,
            $2, country_codes, home_country_code, password_hash, password_changed_at
     FROM users WHERE email = $3`,
    [email, dtCodes.join(','), `admin.${market}@demo.test`],
  );
  return email;
}

export function call(
  app: FastifyInstance,
  token: string | null,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: token ? { customertoken: token } : {},
    ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
  });
}
