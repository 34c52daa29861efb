/**
 * The soak's heap probe (docs/reliability.md, "Soak"): `node heap-probe.mjs <inspector port> <every ms>
 * <profile file>`. It attaches to an app server's inspector (cluster started with CLUSTER_INSPECT=1) and
 *   - every <every ms>: forces a full collection (HeapProfiler.collectGarbage) and prints one JSON line
 *     `{"heapUsedMb":…,"heapTotalMb":…,"externalMb":…,"arrayBuffersMb":…,"rssMb":…}` (Runtime.getHeapUsage
 *     and the process's own memoryUsage()): what the heap and Buffers keep alive, which resident memory
 *     alone cannot tell from V8 growing its heap lazily or the allocator keeping freed pages;
 *   - from the start: V8's sampling heap profiler; on SIGTERM it collects once more, takes the profile of
 *     the allocations still alive and writes the sites keeping the most bytes to <profile file> (JSON),
 *     then exits. A leak shows there as a site of ours whose bytes grow with the run.
 * Plain JavaScript, so the sampler can start it with `node` (and `--experimental-websocket` on Node 20).
 */
/* global WebSocket -- Node 22 has it; Node 20 with --experimental-websocket (the sampler passes it). */
import { writeFileSync } from 'node:fs';

const [port, everyArg, profileFile] = process.argv.slice(2);
const everyMs = Number(everyArg) || 120_000;
const MB = 1024 * 1024;

const list = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
const socket = new WebSocket(list[0].webSocketDebuggerUrl);
await new Promise((resolve, reject) => {
  socket.addEventListener('open', resolve, { once: true });
  socket.addEventListener('error', reject, { once: true });
});

let nextId = 1;
const waiting = new Map();
socket.addEventListener('message', (event) => {
  const message = JSON.parse(String(event.data));
  const entry = message.id !== undefined ? waiting.get(message.id) : undefined;
  if (!entry) return;
  waiting.delete(message.id);
  if (message.error) entry.reject(new Error(JSON.stringify(message.error)));
  else entry.resolve(message.result);
});
function call(method, params = {}) {
  const id = nextId++;
  socket.send(JSON.stringify({ id, method, params }));
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
}

async function heapAfterCollection() {
  await call('HeapProfiler.collectGarbage');
  const { usedSize, totalSize } = await call('Runtime.getHeapUsage');
  // Memory outside the JS heap (Buffers, ArrayBuffers) from the process itself, right after the collection.
  const { result } = await call('Runtime.evaluate', {
    expression: 'JSON.stringify(process.memoryUsage())',
    returnByValue: true,
  });
  const usage = JSON.parse(result.value);
  const mb = (bytes) => Math.round((bytes / MB) * 10) / 10;
  return {
    heapUsedMb: mb(usedSize),
    heapTotalMb: mb(totalSize),
    externalMb: mb(usage.external),
    arrayBuffersMb: mb(usage.arrayBuffers),
    rssMb: mb(usage.rss),
  };
}

/** Bytes kept alive per allocation site (function, file:line), from the sampling profile's tree. */
function topSites(profile, count = 40) {
  const sites = new Map();
  const walk = (node, stack) => {
    const frame = node.callFrame;
    const where = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/work\/[^/]+\//, '')}:${frame.lineNumber + 1}`;
    const ours = frame.url.includes('/apps/server/src/') ? where : stack;
    if (node.selfSize > 0) {
      const key = `${where}${ours && ours !== where ? `  ← ${ours}` : ''}`;
      sites.set(key, (sites.get(key) ?? 0) + node.selfSize);
    }
    for (const child of node.children ?? []) walk(child, ours);
  };
  walk(profile.head, '');
  const total = [...sites.values()].reduce((a, b) => a + b, 0);
  return {
    totalMb: Math.round((total / MB) * 10) / 10,
    sites: [...sites.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([site, bytes]) => ({ site, mb: Math.round((bytes / MB) * 100) / 100 })),
  };
}

await call('HeapProfiler.enable');
await call('HeapProfiler.startSampling', { samplingInterval: 64 * 1024 });
console.log(JSON.stringify(await heapAfterCollection()));
const timer = setInterval(() => {
  heapAfterCollection()
    .then((usage) => console.log(JSON.stringify(usage)))
    .catch((error) => console.error(`heap probe: ${error.message}`));
}, everyMs);

process.once('SIGTERM', () => {
  clearInterval(timer);
  (async () => {
    const usage = await heapAfterCollection();
    console.log(JSON.stringify(usage));
    const { profile } = await call('HeapProfiler.getSamplingProfile');
    await call('HeapProfiler.stopSampling');
    writeFileSync(
      profileFile,
      `${JSON.stringify({ at: new Date().toISOString(), ...usage, ...topSites(profile) }, null, 2)}\n`,
    );
  })()
    .catch((error) => console.error(`heap probe: ${error.message}`))
    .finally(() => {
      socket.close();
      process.exit(0);
    });
});
