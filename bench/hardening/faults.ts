/**
 * Part 6, faults, on the cluster (each fault is undone before the next):
 *  1. replica stopped: a report/UCube reader's calls through HAProxy while the replica is down must
 *     all answer 200 (reads fall back to the primary);
 *  2. SIGTERM: requests in flight on app2 (report pages and CSV exports sent straight to it) when it
 *     gets SIGTERM must all finish with 200 and a whole body;
 *  3. an app server killed (SIGKILL) while it validates an upload: the users' sessions keep working
 *     through the other server, and the orphaned import is settled (failed with a message) by the
 *     other server once its lease runs out;
 *  4. PostgreSQL primary stopped (immediate) while an Outlet Geo-Compliance import of thousands of rows
 *     is being applied: 0 of its rows written, the import ends 'failed' with a message, and the same
 *     file uploaded and applied again changes each row once.
 */
import { OUTLET_GEO_TEMPLATE_HEADERS } from '@fieldforce/contracts';
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

function upload(url: string, s: Session, kind: string, name: string, data: Buffer): Promise<Answer> {
  const { body, contentType } = multipart({ kind }, { name, type: 'text/csv', data });
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

export async function faultsPart(ctx: PartContext, cluster: Cluster): Promise<Record<string, number>> {
  const { base, db } = ctx;
  const figures: Record<string, number> = {};
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const reader = await signIn(base, 'head.vn@demo.test', 'vn');
  const reads = [
    `/api/reports/salesperson-visit-summary?countryCode=vn&from=${day(7)}&to=${day(0)}`,
    `/api/ucube/daily-trend?countryCode=vn&period=mtd`,
    `/api/reports/salesperson-visit-summary/totals?countryCode=vn&from=${day(7)}&to=${day(0)}`,
    `/api/tracking/salesmen?countryCode=vn&date=${day(1)}`,
  ];

  // 1. Replica stopped -----------------------------------------------------------------------------
  {
    log('faults: stopping the replica');
    cluster.pgCtl('replica', 'stop', 'immediate');
    let calls = 0;
    let errors = 0;
    const slow: number[] = [];
    const until = Date.now() + 15_000;
    while (Date.now() < until) {
      for (const url of reads) {
        const a = await call(`${base}${url}`, { headers: reader.headers, timeoutMs: 30_000 });
        calls += 1;
        slow.push(a.ms);
        if (a.status !== 200) {
          errors += 1;
          log(`faults: replica down: ${url} → ${a.status} ${a.text.slice(0, 160)}`);
        }
      }
    }
    cluster.pgCtl('replica', 'start');
    figures['faults.replicaStopped.reads'] = calls;
    figures['faults.replicaStopped.errors'] = errors;
    figures['faults.replicaStopped.maxMs'] = Math.round(Math.max(...slow));
    log(
      `faults: replica stopped: ${calls} reads, ${errors} errors, slowest ${Math.round(Math.max(...slow))} ms; replica started again`,
    );
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
      await signIn(base, 'head.vn@demo.test', 'vn'),
      await signIn(base, 'admin.vn@demo.test', 'vn'),
      await signIn(base, 'asm.vn@demo.test', 'vn'),
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
    const admin = await signIn(base, 'admin.vn@demo.test', 'vn');
    const user = await signIn(base, 'tl.vn@demo.test', 'vn');
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
    const admin = await signIn(base, 'admin.vn@demo.test', 'vn');
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
  return figures;
}
