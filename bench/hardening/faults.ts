/**
 * Part 6, faults, on the cluster (each fault is undone before the next):
 *  0. pooled connections: `SHOW jit` through pgbouncer answers 'off' on the primary's and the replica's
 *     pooled databases (the servers' startup option cannot pass pgbouncer; the database default holds);
 *  1. replica stopped: four readers' report/UCube/tracking calls through HAProxy, already running when the
 *     replica stops (some queued in pgbouncer), must all answer 200 within seconds (reads fall back to
 *     the primary, queued ones once the replica is marked down);
 *  1b. replica lagging (replay paused on the standby): an admin's own write (a salesman's geo-fence radius)
 *     shows in their next tracking reads at once, another user still reads the replica's older value, and
 *     once the lag passes DATABASE_READ_MAX_LAG_MS everyone reads the primary;
 *  2. SIGTERM: requests in flight on app2 (report pages and CSV exports sent straight to it) when it
 *     gets SIGTERM must all finish with 200 and a whole body;
 *  3. an app server killed (SIGKILL) while it validates an upload: the users' sessions keep working
 *     through the other server, and the orphaned import is settled (failed with a message) by the
 *     other server once its lease runs out;
 *  4. PostgreSQL primary stopped (immediate) while an Outlet Geo-Compliance import of thousands of rows
 *     is being applied: 0 of its rows written, the import ends 'failed' with a message, and the same
 *     file uploaded and applied again changes each row once;
 *  5. an app server killed (SIGKILL) while its worker runs a merchandizing Add Images job (a zip of
 *     large images): the job is retried on the other server once the lease runs out and applies once, or
 *     ends failed with a message.
 */
import { DEVICE_GEO_API, OUTLET_GEO_TEMPLATE_HEADERS } from '@fieldforce/contracts';
import { Zip, ZipPassThrough } from 'fflate';
import pg from 'pg';
import sharp from 'sharp';
import { log } from '../lib.js';
import type { PartContext } from './authz.js';
import type { Cluster } from './cluster.js';
import { call, envelope, multipart, signIn, sleep, type Answer, type Session } from './http.js';

type Job = {
  jobId: string;
  state: string;
  message: { message?: string } | null;
  result: { updated: number } | null;
};

function upload(
  url: string,
  s: Session,
  kind: string,
  name: string,
  data: Buffer,
  type = 'text/csv',
): Promise<Answer> {
  const { body, contentType } = multipart({ kind }, { name, type, data });
  return call(url, {
    method: 'POST',
    headers: { ...s.headers, 'content-type': contentType, 'x-requested-with': 'fieldforce' },
    body,
    timeoutMs: 180_000,
  });
}

/** Waits until a process has exited (a server finishing its requests after SIGTERM). */
async function gone(pid: number, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(200);
  }
}

async function waitReady(url: string, timeoutMs = 60_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if ((await call(`${url}/api/ready`, { timeoutMs: 3000 })).status === 200) return true;
    await sleep(500);
  }
  return false;
}

/**
 * A sign-in, sent again once when the first gets no answer: a kept-alive connection HAProxy closed while
 * it sat idle (a part restarting takes longer than HAProxy's keep-alive timeout) fails on reuse.
 */
async function signInAgain(base: string, email: string, market: string): Promise<Session> {
  try {
    return await signIn(base, email, market);
  } catch (error) {
    log(`faults: ${String(error).slice(0, 160)}; once more`);
    await sleep(500);
    return signIn(base, email, market);
  }
}

export async function faultsPart(ctx: PartContext, cluster: Cluster): Promise<Record<string, number>> {
  const { base, db } = ctx;
  const figures: Record<string, number> = {};
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const reads = [
    `/api/reports/salesperson-visit-summary?countryCode=vn&from=${day(7)}&to=${day(0)}`,
    `/api/ucube/daily-trend?countryCode=vn&period=mtd`,
    `/api/reports/salesperson-visit-summary/totals?countryCode=vn&from=${day(7)}&to=${day(0)}`,
    `/api/tracking/salesmen?countryCode=vn&date=${day(1)}`,
  ];

  // 0. Pooled connections: JIT off -------------------------------------------------------------------
  {
    const jit = async (database: string) => {
      const client = new pg.Client({ connectionString: cluster.pooledUrl(database) });
      client.on('error', () => undefined);
      try {
        await client.connect();
        return (await client.query<{ jit: string }>('SHOW jit')).rows[0]?.jit ?? '?';
      } catch (error) {
        return `error: ${String(error).slice(0, 120)}`;
      } finally {
        await client.end().catch(() => undefined);
      }
    };
    const primary = await jit('fieldforce');
    const replica = await jit('fieldforce_replica');
    figures['faults.pooler.jitOffPrimary'] = primary === 'off' ? 1 : 0;
    figures['faults.pooler.jitOffReplica'] = replica === 'off' ? 1 : 0;
    log(`faults: SHOW jit through pgbouncer: primary ${primary}, replica ${replica}`);
  }

  // 1. Replica stopped, with reads in flight --------------------------------------------------------
  {
    const readers = await Promise.all(
      ['head.vn@demo.test', 'asm.vn@demo.test', 'admin.vn@demo.test', 'tl.vn@demo.test'].map((email) =>
        signInAgain(base, email, 'vn'),
      ),
    );
    let calls = 0;
    let errors = 0;
    let stoppedAt = Infinity;
    let inFlightAtStop = 0;
    const slow: number[] = [];
    const afterStop: number[] = [];
    const until = Date.now() + 17_000;
    // Four readers at once, from 1.5 s before the stop to 15 s after: some reads are on their way (queued
    // in pgbouncer) when the replica goes.
    const reading = Promise.all(
      readers.map(async (reader, r) => {
        for (let i = r; Date.now() < until; i++) {
          const url = reads[i % reads.length]!;
          const sent = Date.now();
          const a = await call(`${base}${url}`, { headers: reader.headers, timeoutMs: 60_000 });
          calls += 1;
          slow.push(a.ms);
          if (sent < stoppedAt && Date.now() > stoppedAt) inFlightAtStop += 1;
          if (sent >= stoppedAt - 500) afterStop.push(a.ms);
          if (a.status !== 200) {
            errors += 1;
            log(`faults: replica down: ${url} → ${a.status || a.error} ${a.text.slice(0, 160)}`);
          }
        }
      }),
    );
    await sleep(1500);
    log('faults: stopping the replica (immediate) with four readers running');
    stoppedAt = Date.now();
    cluster.pgCtl('replica', 'stop', 'immediate');
    await reading;
    cluster.pgCtl('replica', 'start');
    figures['faults.replicaStopped.reads'] = calls;
    figures['faults.replicaStopped.errors'] = errors;
    figures['faults.replicaStopped.inFlightAtStop'] = inFlightAtStop;
    figures['faults.replicaStopped.maxMs'] = Math.round(Math.max(...slow));
    figures['faults.replicaStopped.maxMsOfReadsFromTheStop'] = Math.round(Math.max(0, ...afterStop));
    log(
      `faults: replica stopped: ${calls} reads (${inFlightAtStop} in flight at the stop), ${errors} errors, ` +
        `slowest ${Math.round(Math.max(...slow))} ms; replica started again`,
    );
  }

  // 1b. Replica lagging: own writes stay visible ----------------------------------------------------
  {
    const admin = await signInAgain(base, 'admin.vn@demo.test', 'vn');
    const other = await signInAgain(base, 'head.vn@demo.test', 'vn');
    const date = day(1);
    const { rows: found } = await db.query<{ sm_code: string; radius: number; required: boolean }>(
      `SELECT s.sm_code, s.geo_fence_radius_m AS radius, s.geo_fence_required AS required FROM salesmen s
        WHERE s.country_code = 'vn'
          AND EXISTS (SELECT 1 FROM visits v WHERE v.salesman_id = s.id AND v.visit_date = $1)
        ORDER BY s.sm_code LIMIT 1`,
      [date],
    );
    const sm = found[0];
    if (!sm) {
      log(`faults: replica lagging: no vn salesman with visits on ${date}; skipped`);
    } else {
      const radiusSeen = async (s: Session) => {
        const a = await call(`${base}/api/tracking/salesmen/${sm.sm_code}/day?countryCode=vn&date=${date}`, {
          headers: s.headers,
        });
        const visits = (envelope(a)?.data as { visits?: { radiusM: number }[] } | null)?.visits;
        return a.status === 200 ? (visits?.[0]?.radiusM ?? -1) : -a.status;
      };
      const setRadius = (radiusM: number) =>
        call(`${base}${DEVICE_GEO_API}?countryCode=vn`, {
          method: 'PUT',
          headers: { ...admin.headers, 'content-type': 'application/json', 'x-requested-with': 'fieldforce' },
          body: JSON.stringify({ smCode: sm.sm_code, geoCompliance: sm.required ? 1 : 0, radiusM }),
        });
      const before = sm.radius;
      const after = before + 37 <= 5000 ? before + 37 : before - 37;
      // After the replica's restart (fault 1) pgbouncer answers 'server login has been failing' for its
      // server_login_retry (15 s), and the servers count the replica down until a check passes again.
      await sleep(16_000);
      const standby = new pg.Client({ connectionString: cluster.replicaUrl });
      standby.on('error', () => undefined);
      await standby.connect();
      let put: Answer = { status: 0, headers: {}, text: '', ms: 0 };
      let own: number[] = [];
      let othersFirst = -1;
      let othersNewAfterMs = -1;
      let value = before;
      let attempts = 0;
      // Up to three tries: one where another user's first read did not come from the replica (the servers
      // had not seen it back yet) shows nothing about lag.
      while (attempts < 3) {
        attempts += 1;
        const from = value;
        value = from === after ? before : after;
        await standby.query('SELECT pg_wal_replay_pause()');
        log(`faults: replay paused on the replica; admin sets ${sm.sm_code}'s radius ${from} → ${value} m`);
        const wrote = Date.now();
        put = await setRadius(value);
        othersFirst = await radiusSeen(other);
        own = [];
        for (let i = 0; i < 6; i++) own.push(await radiusSeen(admin));
        othersNewAfterMs = -1;
        while (Date.now() - wrote < 20_000) {
          if ((await radiusSeen(other)) === value) {
            othersNewAfterMs = Date.now() - wrote;
            break;
          }
          await sleep(200);
        }
        await standby.query('SELECT pg_wal_replay_resume()');
        log(
          `faults: replica lagging (try ${attempts}): PUT ${put.status}; another user's first read saw ${othersFirst} ` +
            `(${othersFirst === from ? 'the replica, behind' : 'not the replica'}); the admin's ${own.length} reads right ` +
            `after saw ${own.join(', ')} (wrote ${value}); the other user saw the new value after ${othersNewAfterMs} ms`,
        );
        if (othersFirst === from) break;
        await sleep(5000);
      }
      await standby.end().catch(() => undefined);
      const restored = value === before ? put : await setRadius(before);
      const from = value === after ? before : after;
      figures['faults.replicaLagging.tries'] = attempts;
      figures['faults.replicaLagging.writeStatus'] = put.status;
      figures['faults.replicaLagging.ownReads'] = own.length;
      figures['faults.replicaLagging.ownReadsShowingTheWrite'] = own.filter((r) => r === value).length;
      figures['faults.replicaLagging.otherUserSawReplicaFirst'] = othersFirst === from ? 1 : 0;
      figures['faults.replicaLagging.otherUserOnPrimaryAfterMs'] = othersNewAfterMs;
      log(`faults: replica lagging: replay resumed, radius back to ${before} (${restored.status})`);
    }
  }

  // 2. SIGTERM with requests in flight ------------------------------------------------------------
  {
    const app2 = cluster.app.app2;
    const pid = cluster.state().pids.app2!;
    const urls = [
      ...reads,
      `/api/reports/salesperson-visit-summary/export?countryCode=vn&from=${day(20)}&to=${day(0)}&format=csv`,
      `/api/reports/outlet-master/export?countryCode=vn&format=csv`,
      `/api/reports/salesperson-visit-summary/export?countryCode=vn&from=${day(10)}&to=${day(0)}&format=xlsx`,
    ];
    // One caller per export (each user has a few export slots at a time).
    // (the outlet master is a master report: the admin, who sees every distributor).
    const callers = [
      await signInAgain(base, 'head.vn@demo.test', 'vn'),
      await signInAgain(base, 'admin.vn@demo.test', 'vn'),
      await signInAgain(base, 'asm.vn@demo.test', 'vn'),
    ];
    const inFlight = urls.map((url, i) =>
      call(`${app2}${url}`, {
        headers: callers[Math.max(0, i - reads.length)]!.headers,
        timeoutMs: 60_000,
        maxBytes: 256 * 1024 * 1024,
      }),
    );
    await sleep(150);
    log(`faults: SIGTERM to app2 (pid ${pid}) with ${urls.length} requests in flight`);
    process.kill(pid, 'SIGTERM');
    const answers = await Promise.all(inFlight);
    const failed = answers.filter((a) => a.status !== 200);
    for (const [i, a] of answers.entries())
      log(
        `faults: in flight at SIGTERM: ${urls[i]!.slice(0, 70)} → ${a.status || a.error} (${Math.round(a.ms)} ms, ${a.text.length} chars)`,
      );
    figures['faults.sigterm.inFlight'] = answers.length;
    figures['faults.sigterm.failed'] = failed.length;
    await gone(pid);
    await cluster.up();
  }

  // 3. An app server killed while it validates an upload --------------------------------------------
  {
    const admin = await signInAgain(base, 'admin.vn@demo.test', 'vn');
    const user = await signInAgain(base, 'tl.vn@demo.test', 'vn');
    const pid = cluster.state().pids.app1!;
    const name = `killed${Date.now()}.csv`;
    const data = Buffer.from(`${OUTLET_GEO_TEMPLATE_HEADERS.join(',')}\n${'1,\n'.repeat(200_000)}`);
    const inFlight = upload(
      `${cluster.app.app1}/api/file/upload?countryCode=vn&kind=outletGeoCompliance`,
      admin,
      'outletGeoCompliance',
      name,
      data,
    );
    let importId: string | undefined;
    for (let i = 0; i < 100 && !importId; i++) {
      await sleep(100);
      importId = (await db.query<{ id: string }>('SELECT id FROM imports WHERE original_name = $1', [name]))
        .rows[0]?.id;
    }
    await sleep(300);
    log(`faults: SIGKILL app1 (pid ${pid}) while it validates import ${importId ?? '(not started)'}`);
    process.kill(pid, 'SIGKILL');
    const lost = await inFlight;
    let sessionErrors = 0;
    let sessionCalls = 0;
    let resent = 0;
    for (let i = 0; i < 12; i++) {
      for (const s of [admin, user]) {
        let a = await call(`${base}${reads[i % 2]}`, { headers: s.headers });
        // HAProxy closes a kept-alive client connection whose server died; a browser resends an
        // idempotent GET once on such a closed connection, so does this (counted).
        if (a.status === 0) {
          resent += 1;
          a = await call(`${base}${reads[i % 2]}`, { headers: s.headers });
        }
        sessionCalls += 1;
        if (a.status !== 200) {
          sessionErrors += 1;
          log(`faults: after the kill: ${reads[i % 2]} → ${a.status || a.error}`);
        }
      }
    }
    figures['faults.appKilled.getsResentOnClosedConnection'] = resent;
    figures['faults.appKilled.sessionCalls'] = sessionCalls;
    figures['faults.appKilled.sessionErrors'] = sessionErrors;
    figures['faults.appKilled.uploadAnswer'] = lost.status;
    let settled: Job | null = null;
    const t0 = Date.now();
    if (importId) {
      const until = Date.now() + 180_000;
      while (Date.now() < until) {
        const a = await call(`${base}/api/file/checkstatus?countryCode=vn&jobId=${importId}`, {
          headers: admin.headers,
        });
        const job = envelope(a)?.data as Job | null;
        if (job && !['parsing', 'applying', 'queued'].includes(job.state)) {
          settled = job;
          break;
        }
        await sleep(2000);
      }
    }
    figures['faults.appKilled.importSettled'] = settled ? 1 : 0;
    figures['faults.appKilled.importSettledWithMessage'] = settled?.message?.message ? 1 : 0;
    figures['faults.appKilled.secondsToSettle'] = Math.round((Date.now() - t0) / 1000);
    await gone(pid);
    log(
      `faults: app1 killed: the upload's answer ${lost.status || lost.error}; ${sessionErrors}/${sessionCalls} session calls failed; ` +
        `import ${importId} → ${settled ? `${settled.state}: ${settled.message?.message ?? '(no message)'}` : 'not settled'} after ${figures['faults.appKilled.secondsToSettle']} s`,
    );
    await cluster.up();
  }

  // 4. The primary stopped while an import is applied -----------------------------------------------
  {
    const admin = await signInAgain(base, 'admin.vn@demo.test', 'vn');
    const { rows } = await db.query<{ dt_code: string; outlet_code: string; geo: boolean }>(
      `SELECT dt_code, outlet_code, geo_compliance AS geo FROM outlets WHERE country_code = 'vn' ORDER BY outlet_code LIMIT 4000`,
    );
    const csv = Buffer.from(
      `${OUTLET_GEO_TEMPLATE_HEADERS.join(',')}\n${rows.map((r) => `${r.dt_code},${r.outlet_code},${r.geo ? 0 : 1}`).join('\n')}\n`,
    );
    const flippedNow = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            `SELECT count(*) AS n FROM outlets o JOIN unnest($1::text[], $2::bool[]) AS f(code, geo) ON f.code = o.outlet_code
             WHERE o.country_code = 'vn' AND o.geo_compliance <> f.geo`,
            [rows.map((r) => r.outlet_code), rows.map((r) => r.geo)],
          )
        ).rows[0]!.n,
      );
    const validated = async () => {
      const a = await upload(
        `${base}/api/file/upload?countryCode=vn&kind=outletGeoCompliance`,
        admin,
        'outletGeoCompliance',
        `geo${Date.now()}.csv`,
        csv,
      );
      return envelope(a)?.data as Job & { preview: { errorCount: number; update: number } | null };
    };
    const job = await validated();
    if (!job || job.state !== 'validated' || job.preview?.errorCount) {
      log(`faults: the geo file did not validate cleanly: ${JSON.stringify(job).slice(0, 300)}`);
    }
    const applying = call(`${base}/api/file/apply?countryCode=vn&jobId=${job.jobId}`, {
      method: 'POST',
      headers: { ...admin.headers, 'x-requested-with': 'fieldforce' },
      timeoutMs: 120_000,
    });
    await sleep(120);
    log(`faults: stopping the primary (immediate) while import ${job.jobId} applies ${rows.length} rows`);
    cluster.pgCtl('primary', 'stop', 'immediate');
    const answer = await applying;
    await sleep(2000);
    cluster.pgCtl('primary', 'start');
    await db.query('SELECT 1').catch(() => undefined);
    await waitReady(base, 60_000);
    const partial = await flippedNow();
    const completedBeforeStop = answer.status === 200;
    figures['faults.primaryStopped.applyAnswer'] = answer.status;
    figures['faults.primaryStopped.hitMidApply'] = completedBeforeStop ? 0 : 1;
    figures['faults.primaryStopped.rowsWritten'] = completedBeforeStop ? -1 : partial;
    let final: Job | null = null;
    const until = Date.now() + 180_000;
    while (!completedBeforeStop && Date.now() < until) {
      const a = await call(`${base}/api/file/checkstatus?countryCode=vn&jobId=${job.jobId}`, {
        headers: admin.headers,
      });
      const j = envelope(a)?.data as Job | null;
      if (j && !['parsing', 'applying', 'queued'].includes(j.state)) {
        final = j;
        break;
      }
      await sleep(2000);
    }
    figures['faults.primaryStopped.importFailedWithMessage'] =
      final?.state === 'failed' && final.message?.message ? 1 : 0;
    log(
      `faults: primary stopped mid-apply: answer ${answer.status || answer.error}; rows changed ${partial} of ${rows.length}; ` +
        `import → ${final ? `${final.state}: ${final.message?.message ?? '(no message)'}` : completedBeforeStop ? 'applied before the stop' : 'not settled in 3 min'}`,
    );
    // The retry: the same file again, applied once.
    const retry = await validated();
    const applied = await call(`${base}/api/file/apply?countryCode=vn&jobId=${retry.jobId}`, {
      method: 'POST',
      headers: { ...admin.headers, 'x-requested-with': 'fieldforce' },
      timeoutMs: 120_000,
    });
    const result = (envelope(applied)?.data as Job | null)?.result;
    const changed = await flippedNow();
    figures['faults.primaryStopped.retryStatus'] = applied.status;
    figures['faults.primaryStopped.retryUpdated'] = result?.updated ?? -1;
    figures['faults.primaryStopped.retryRowsChanged'] = changed;
    figures['faults.primaryStopped.rows'] = rows.length;
    log(
      `faults: retry → ${applied.status}, updated ${result?.updated}, rows now changed ${changed} of ${rows.length}`,
    );
  }
  // 5. An app server killed while its worker runs an Add Images job ----------------------------------
  {
    const admin = await signInAgain(base, 'admin.vn@demo.test', 'vn');
    const { rows: displays } = await db.query<{ display_id: string }>(
      `SELECT DISTINCT display_id FROM merch_displays WHERE country_code = 'vn' ORDER BY display_id LIMIT 150`,
    );
    // One large image per display. Many displays: a noisy JPEG (re-encoding costs ~0.1 s). Few (the demo
    // set has 4 in vn): a 24 MP smooth PNG (PNG has no shrink-on-load; still only ~0.1 s a pass here), so the
    // whole job takes a second or two and the kill lands early in it (docs/reliability.md).
    const few = displays.length < 20;
    const [width, height] = few ? [6000, 4000] : [2400, 1800];
    let image: Buffer;
    if (few) {
      const raw = Buffer.alloc(width * height * 3);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const o = (y * width + x) * 3;
          raw[o] = (x * 255) / width;
          raw[o + 1] = (y * 255) / height;
          raw[o + 2] = ((x + y) * 127) / (width + height);
        }
      image = await sharp(raw, { raw: { width, height, channels: 3 } })
        .png({ compressionLevel: 6 })
        .toBuffer();
    } else {
      image = await sharp({
        create: {
          width,
          height,
          channels: 3,
          background: { r: 120, g: 90, b: 60 },
          noise: { type: 'gaussian', mean: 128, sigma: 10 },
        },
      })
        .jpeg({ quality: 50 })
        .toBuffer();
    }
    const side = [width, height];
    const jpeg = image;
    const extension = few ? 'png' : 'jpg';
    const perImage = Math.max(1, Math.min(displays.length, Math.floor((90 * 1024 * 1024) / jpeg.length)));
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, chunk) => {
      if (error) throw error;
      chunks.push(chunk);
    });
    for (const d of displays.slice(0, perImage)) {
      const entry = new ZipPassThrough(`${d.display_id}.${extension}`);
      zip.add(entry);
      entry.push(jpeg, true);
    }
    zip.end();
    const data = Buffer.concat(chunks);
    const images = Math.min(displays.length, perImage);
    log(
      `faults: Add Images zip of ${images} ${extension.toUpperCase()} images (${side.join('x')}), ${Math.round(data.length / 1048576)} MB`,
    );
    const sent = await upload(
      `${base}/api/file/upload?countryCode=vn&kind=merchImages`,
      admin,
      'merchImages',
      `faults${Date.now()}.zip`,
      data,
      'application/zip',
    );
    const importId = (envelope(sent)?.data as { jobId?: string } | null)?.jobId;
    type JobRow = { state: string; attempts: number; locked_by: string | null; error: string | null };
    const jobRow = async () =>
      (
        await db.query<JobRow>(
          `SELECT state, attempts, locked_by, error FROM jobs
            WHERE name = 'merch.images.import' AND payload->>'importId' = $1`,
          [importId],
        )
      ).rows[0];
    let victim: 'app1' | 'app2' | undefined;
    let victimPid = 0;
    const pids = cluster.state().pids;
    for (let i = 0; importId && i < 300 && !victim; i++) {
      const job = await jobRow();
      const pid = Number(job?.locked_by?.split('-')[0] ?? 0);
      if (job?.state === 'running' && pid) {
        victim = pid === pids.app1 ? 'app1' : pid === pids.app2 ? 'app2' : undefined;
        victimPid = pid;
      } else await sleep(100);
    }
    figures['faults.zipJobKilled.uploadStatus'] = sent.status;
    figures['faults.zipJobKilled.images'] = images;
    if (!importId || !victim) {
      log(
        `faults: Add Images job: upload ${sent.status} ${sent.text.slice(0, 200)}; no running job found on an app server`,
      );
      figures['faults.zipJobKilled.killed'] = 0;
    } else {
      // Killed as soon as a worker has claimed it (the whole job takes a second or two here: waiting for
      // an image to be done risks finding it finished).
      let progress: { progress_done: number; progress_total: number | null } | undefined;
      for (let i = 0; i < 1; i++) {
        progress = (
          await db.query<{ progress_done: number; progress_total: number | null }>(
            'SELECT progress_done, progress_total FROM imports WHERE id = $1',
            [importId],
          )
        ).rows[0];
        if (Number(progress?.progress_done ?? 0) >= 1) break;
        await sleep(100);
      }
      log(
        `faults: SIGKILL ${victim} (pid ${victimPid}) while its worker runs Add Images job ${importId} ` +
          `(${progress?.progress_done ?? '?'}/${progress?.progress_total ?? '?'} images)`,
      );
      process.kill(victimPid, 'SIGKILL');
      figures['faults.zipJobKilled.killed'] = 1;
      figures['faults.zipJobKilled.imagesDoneAtKill'] = Number(progress?.progress_done ?? -1);
      const killedAt = Date.now();
      let final: { state: string; message: { message?: string } | null } | undefined;
      while (Date.now() - killedAt < 300_000) {
        const row = (
          await db.query<{ state: string; message: { message?: string } | null }>(
            'SELECT state, message FROM imports WHERE id = $1',
            [importId],
          )
        ).rows[0];
        if (row && !['queued', 'parsing', 'applying'].includes(row.state)) {
          final = row;
          break;
        }
        await sleep(2000);
      }
      const job = await jobRow();
      const { rows: recorded } = await db.query<{ uploads: string; stored: number | null }>(
        `SELECT count(*) AS uploads, max(stored) AS stored FROM merch_image_uploads WHERE import_id = $1`,
        [importId],
      );
      const report = await call(`${base}/api/admin/merchImages/uploads/${importId}?countryCode=vn`, {
        headers: admin.headers,
      });
      figures['faults.zipJobKilled.secondsToSettle'] = Math.round((Date.now() - killedAt) / 1000);
      figures['faults.zipJobKilled.applied'] = final?.state === 'applied' ? 1 : 0;
      figures['faults.zipJobKilled.failedWithMessage'] =
        final?.state === 'failed' && final.message?.message ? 1 : 0;
      figures['faults.zipJobKilled.jobAttempts'] = job?.attempts ?? -1;
      figures['faults.zipJobKilled.uploadRecords'] = Number(recorded[0]?.uploads ?? 0);
      figures['faults.zipJobKilled.imagesRecorded'] = Number(recorded[0]?.stored ?? 0);
      figures['faults.zipJobKilled.reportStatus'] = report.status;
      log(
        `faults: Add Images job after the kill: import ${final ? `${final.state}${final.message?.message ? `: ${final.message.message}` : ''}` : 'not settled in 5 min'}, ` +
          `job ${job?.state} after ${job?.attempts} attempts${job?.error ? ` (${job.error})` : ''}, ` +
          `${recorded[0]?.uploads ?? 0} upload record(s) with ${recorded[0]?.stored ?? 0} images, ` +
          `${figures['faults.zipJobKilled.secondsToSettle']} s after the kill; report ${report.status}`,
      );
      await gone(victimPid);
      await cluster.up();
    }
  }
  return figures;
}
