/**
 * Part 2, hostile: N generated malformed files (files.ts: CSV, XLSX, SpreadsheetML XML, ZIP and hostile
 * names) through every upload: POST /api/file/upload and /api/exp/file/upload for each import kind a
 * market's admin may upload (found by asking: a kind refused with 403/404 in a market is not a target
 * there), and POST /api/fb/users (users and ?userType=salesman). File i goes to target i mod T, with the
 * target's template header, so every target gets every family.
 *
 * Figures (targets 0): crashes (an app server process gone), 5xx, imports that ended 'failed' (the
 * server gave up on a file: a technical error, not a refusal), partial writes (a fingerprint — row
 * count and content hash — of every table an import writes, before and after, for targets that
 * accepted nothing), answers without a clear message (a refusal or rejection whose envelope carries
 * no words, or a validated file with row errors that lack a message).
 */
import {
  BEST_PRICE_TEMPLATE_HEADERS,
  DEVICE_GEO_TEMPLATE_HEADERS,
  IMPORT_KINDS,
  MERCH_DISPLAY_TEMPLATE_HEADERS,
  MERCH_OUTLET_TEMPLATE_HEADERS,
  MERCH_SET_TEMPLATE_HEADERS,
  OUTLET_GEO_TEMPLATE_HEADERS,
  OUTLET_STATUS_TEMPLATE_HEADERS,
  SALESMAN_DEVICE_TEMPLATE_HEADERS,
  SALESMAN_UPLOAD_HEADERS,
  TASK_TEMPLATE_HEADERS,
  USER_UPLOAD_HEADERS,
} from '@fieldforce/contracts';
import { arg, log } from '../lib.js';
import type { PartContext } from './authz.js';
import type { Cluster } from './cluster.js';
import { HEAVY, VARIANTS, hostileFile, xlsx } from './files.js';
import {
  call,
  envelope,
  hasClearMessage,
  multipart,
  pool,
  signIn,
  sleep,
  type Answer,
  type Session,
} from './http.js';

const HEADERS: Record<string, readonly string[]> = {
  outletStatus: OUTLET_STATUS_TEMPLATE_HEADERS,
  outletGeoCompliance: OUTLET_GEO_TEMPLATE_HEADERS,
  salesmanDeviceId: SALESMAN_DEVICE_TEMPLATE_HEADERS,
  deviceGeoCompliance: DEVICE_GEO_TEMPLATE_HEADERS,
  users: USER_UPLOAD_HEADERS,
  salesmen: SALESMAN_UPLOAD_HEADERS,
  estimatedBestPrice: BEST_PRICE_TEMPLATE_HEADERS,
  merchSets: MERCH_SET_TEMPLATE_HEADERS,
  merchDisplays: MERCH_DISPLAY_TEMPLATE_HEADERS,
  merchOutlets: MERCH_OUTLET_TEMPLATE_HEADERS,
  merchImages: [],
  tasks: TASK_TEMPLATE_HEADERS,
};

/** The tables each kind's apply writes (from the import definitions' SQL). */
const WRITES: Record<string, string[]> = {
  outletStatus: ['outlets'],
  outletGeoCompliance: ['outlets'],
  salesmanDeviceId: ['salesmen'],
  deviceGeoCompliance: ['salesmen'],
  users: ['users', 'user_bsa', 'hierarchy_members'],
  salesmen: ['salesmen', 'users', 'hierarchy_members'],
  estimatedBestPrice: ['best_prices'],
  merchSets: ['merch_sets'],
  merchDisplays: ['merch_displays', 'merch_display_products', 'merch_sets'],
  merchOutlets: ['merch_set_outlets', 'merch_sets'],
  merchImages: ['merch_images'],
  tasks: ['tasks', 'task_targets'],
};

interface Target {
  label: string;
  kind: string;
  market: string;
  url: string;
  ext: string;
  session: Session;
  fields: Record<string, string>;
}

export async function hostilePart(
  ctx: PartContext,
  cluster?: Cluster | null,
): Promise<Record<string, number>> {
  const { base, db } = ctx;
  const n = Number(arg(ctx.args, '--files', '5000'));
  const markets = ['vn', 'bd'];
  const admins = new Map<string, Session>();
  for (const m of markets) admins.set(m, await signIn(base, `admin.${m}@demo.test`, m));

  // Targets: ask each (market, kind, form) with a one-line file whether the admin may upload there.
  const targets: Target[] = [];
  for (const market of markets) {
    const session = admins.get(market)!;
    for (const kind of IMPORT_KINDS) {
      if (kind === 'users' || kind === 'salesmen') continue;
      for (const form of ['/api/file/upload', '/api/exp/file/upload']) {
        const ext = kind === 'merchImages' ? '.zip' : '.csv';
        const url = `${base}${form}?countryCode=${market}&kind=${kind}`;
        const probe = await upload(url, session, { kind }, 'probe' + ext, Buffer.from('x\n'));
        if (probe.status === 403 || probe.status === 404) continue;
        targets.push({
          label: `${form} ${kind} ${market}`,
          kind,
          market,
          url,
          ext,
          session,
          fields: { kind },
        });
      }
    }
    for (const userType of ['', 'salesman']) {
      const url = `${base}/api/fb/users?countryCode=${market}${userType ? `&userType=${userType}` : ''}`;
      const probe = await upload(url, session, {}, 'probe.xlsx', xlsx([['x']]));
      if (probe.status === 403 || probe.status === 404) continue;
      targets.push({
        label: `/api/fb/users${userType ? '?userType=salesman' : ''} ${market}`,
        kind: userType ? 'salesmen' : 'users',
        market,
        url,
        ext: '.xlsx',
        session,
        fields: {},
      });
    }
  }
  log(`hostile: ${targets.length} upload targets: ${targets.map((t) => t.label).join('; ')}`);

  const tables = [...new Set(Object.values(WRITES).flat())];
  const before = await fingerprint(db, tables);
  const alive = appPids(cluster);

  let fiveXx = 0;
  let unclear = 0;
  let failedImports = 0;
  let accepted = 0;
  let sent = 0;
  const acceptedKinds = new Set<string>();
  const queued: { id: string; label: string; variant: string }[] = [];
  const statuses = new Map<number, number>();
  const problems: string[] = [];
  // File i goes to target i mod T as variant ⌊i/T⌋, so every target walks every variant. Heavy variants
  // (bombs, over-limit, 200,000 rows, deep XML) go once per target; a repeat becomes the next light one.
  const heavySent = new Set<string>();
  const jobs: { v: number; t: Target }[] = [];
  for (let i = 0; i < n; i++) {
    const t = targets[i % targets.length]!;
    let v = Math.floor(i / targets.length);
    const first = VARIANTS[v % VARIANTS.length]!;
    if (HEAVY.has(first.key)) {
      const key = `${t.label}|${first.key}`;
      if (heavySent.has(key)) while (HEAVY.has(VARIANTS[v % VARIANTS.length]!.key)) v += 1;
      else heavySent.add(key);
    }
    jobs.push({ v, t });
  }
  const light = jobs.filter(({ v }) => !HEAVY.has(VARIANTS[v % VARIANTS.length]!.key));
  const heavy = jobs.filter(({ v }) => HEAVY.has(VARIANTS[v % VARIANTS.length]!.key));
  let balancer5xx = 0;
  let markedDown = 0;
  const send = async ({ v, t }: { v: number; t: Target }) => {
    const file = hostileFile(v, HEADERS[t.kind] ?? [], t.ext);
    const a = await upload(t.url, t.session, t.fields, file.name, file.data, file.type);
    sent += 1;
    statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const what = `${t.label} ← ${file.variant} (${file.name.slice(0, 40)})`;
    // HAProxy's own 502/503 (an HTML page): the app servers were out of rotation or the session was cut.
    if ((a.status === 502 || a.status === 503 || a.status === 0) && !envelope(a)) {
      balancer5xx += 1;
      problems.push(`${what}: balancer ${a.status || a.error}`);
      return;
    }
    if (a.status >= 500) {
      fiveXx += 1;
      problems.push(`${what}: HTTP ${a.status} ${a.error ?? a.text.slice(0, 200)}`);
      return;
    }
    const env = envelope(a);
    if (a.status >= 400) {
      if (!hasClearMessage(a)) {
        unclear += 1;
        problems.push(`${what}: ${a.status} without a message: ${a.text.slice(0, 200)}`);
      }
      return;
    }
    if (env?.data === 'success') {
      accepted += 1;
      acceptedKinds.add(t.kind);
      return;
    }
    const job = env?.data as
      | {
          jobId: string;
          state: string;
          message: { message?: string } | null;
          preview: { errorCount: number; errors: { message?: string }[] } | null;
        }
      | null
      | undefined;
    if (!job || typeof job !== 'object') {
      unclear += 1;
      problems.push(`${what}: 2xx without an import: ${a.text.slice(0, 200)}`);
      return;
    }
    if (job.state === 'queued') queued.push({ id: job.jobId, label: t.label, variant: file.variant });
    else if (job.state === 'failed') {
      failedImports += 1;
      problems.push(`${what}: import failed: ${job.message?.message ?? '(no message)'}`);
    } else if (job.state === 'rejected') {
      if (!job.message?.message) {
        unclear += 1;
        problems.push(`${what}: rejected without a message`);
      }
    } else if (job.state === 'validated') {
      if ((job.preview?.errorCount ?? 0) === 0) {
        accepted += 1; // validated clean: an admin could apply it (nothing is written until then)
      } else if (!job.preview?.errors.every((e) => typeof e.message === 'string' && e.message.length > 0)) {
        unclear += 1;
        problems.push(`${what}: row errors without a message`);
      }
    }
  };
  // Light files four at a time; heavy ones (bombs, over-limit, 200,000 rows, deep XML) one at a time,
  // each after both app servers are back in rotation, noting when one was taken out.
  await pool(light, 4, send);
  for (const job of heavy) {
    await waitBothUp(cluster);
    await send(job);
    if (cluster && (await downServers(cluster)) > 0) markedDown += 1;
  }
  await waitBothUp(cluster);

  // Whole-file imports (the image zips) finish in a job: wait for them, then judge their end state.
  const until = Date.now() + 180_000;
  let pending = queued.map((q) => q.id);
  while (pending.length && Date.now() < until) {
    const { rows } = await db.query<{ id: string; state: string; message: { message?: string } | null }>(
      `SELECT id, state, message FROM imports WHERE id = ANY($1::text[])`,
      [pending],
    );
    const open = rows.filter((r) => ['queued', 'parsing', 'validated', 'applying'].includes(r.state));
    for (const r of rows.filter((x) => !open.includes(x))) {
      const q = queued.find((x) => x.id === r.id)!;
      if (r.state === 'failed') {
        failedImports += 1;
        problems.push(`${q.label} ← ${q.variant}: job failed: ${r.message?.message ?? '(no message)'}`);
      } else if (r.state === 'rejected' && !r.message?.message) {
        unclear += 1;
        problems.push(`${q.label} ← ${q.variant}: rejected without a message`);
      } else if (r.state === 'applied') {
        accepted += 1;
        acceptedKinds.add('merchImages');
      }
    }
    pending = open.map((r) => r.id);
    if (pending.length) await sleep(1000);
  }
  if (pending.length) problems.push(`${pending.length} image-zip jobs still open after 3 minutes`);

  const after = await fingerprint(db, tables);
  const changed = tables.filter((t) => before[t] !== after[t]);
  const excused = new Set([...acceptedKinds].flatMap((k) => WRITES[k] ?? []));
  const partial = changed.filter((t) => !excused.has(t));
  for (const t of partial)
    problems.push(`table ${t} changed though nothing writing it was accepted: ${before[t]} → ${after[t]}`);
  const crashes = alive.filter(({ pid }) => !pidAlive(pid));
  for (const c of crashes) problems.push(`${c.name} (pid ${c.pid}) is gone`);
  for (const p of problems.slice(0, 40)) log(`hostile: PROBLEM ${p}`);
  log(
    `hostile: ${sent} files sent (${n} planned; heavy variants once per target, their repeats replaced by light ones), answers ${JSON.stringify(Object.fromEntries(statuses))}, ` +
      `accepted ${accepted} (kinds ${[...acceptedKinds].join(', ') || 'none'}), tables changed ${changed.join(', ') || 'none'}`,
  );
  return {
    'hostile.targets': targets.length,
    'hostile.variants': VARIANTS.length,
    'hostile.files': sent,
    'hostile.crashes': crashes.length,
    'hostile.fiveXx': fiveXx,
    'hostile.balancer5xx': balancer5xx,
    'hostile.heavyFilesTakingAServerOut': markedDown,
    'hostile.failedImports': failedImports,
    'hostile.partialWrites': partial.length,
    'hostile.unclearAnswers': unclear,
    'hostile.acceptedClean': accepted,
  };
}

function upload(
  url: string,
  session: Session,
  fields: Record<string, string>,
  name: string,
  data: Buffer,
  type = 'application/octet-stream',
): Promise<Answer> {
  const { body, contentType } = multipart(fields, { name, type, data });
  return call(url, {
    method: 'POST',
    headers: { ...session.headers, 'content-type': contentType, 'x-requested-with': 'fieldforce' },
    body,
    timeoutMs: 120_000,
    maxBytes: 256 * 1024,
  });
}

/** Row count and an md5 of the rows' text, per table (tables that do not exist are skipped). */
async function fingerprint(db: PartContext['db'], tables: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of tables) {
    try {
      const { rows } = await db.query<{ n: string; h: string | null }>(
        `SELECT count(*) AS n, md5(string_agg(md5(x::text), '' ORDER BY md5(x::text))) AS h FROM ${t} x`,
      );
      out[t] = `${rows[0]!.n}:${rows[0]!.h ?? ''}`;
    } catch {
      out[t] = 'absent';
    }
  }
  return out;
}

/** App servers HAProxy has out of rotation now. */
async function downServers(cluster: Cluster): Promise<number> {
  const stat = await cluster.haproxy('show stat');
  return stat.split('\n').filter((l) => /^app_servers,app\d,/.test(l) && !l.split(',')[17]?.startsWith('UP'))
    .length;
}

async function waitBothUp(cluster?: Cluster | null): Promise<void> {
  if (!cluster) return;
  const until = Date.now() + 60_000;
  while (Date.now() < until && (await downServers(cluster)) > 0) await sleep(250);
}

function appPids(cluster?: Cluster | null): { name: string; pid: number }[] {
  if (!cluster) return [];
  const { pids } = cluster.state();
  return (['app1', 'app2'] as const).flatMap((name) => (pids[name] ? [{ name, pid: pids[name]! }] : []));
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
