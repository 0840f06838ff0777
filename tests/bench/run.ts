/**
 * `npm run bench`: what the brief's performance bars are measured by. Needs `npm run build` first.
 * Prints a table; exits non-zero when a measured figure misses its target.
 */
import { spawnSync } from 'node:child_process';
import { startConsole, E2E_PASSWORD } from '../e2e/support/server';
import { measure, signInForBench, type LatencyResult } from './api-latency';
import { benchDatabase } from './bench-database';
import { bulkImportBench } from './bulk-import-bench';
import { conflictsBench, describeConflicts } from './conflicts-bench';
import { bundleReport, widgetReport } from './bundle-size';
import { forgotPasswordTiming } from './forgot-password-timing';
import { hostileFilesBench } from './hostile-files-bench';
import { importInterleaveBench, describeInterleave } from './import-interleave-bench';
import { intentTableBench } from './intent-table-bench';
import { describeLighthouse, LCP_GOAL_MS, lighthouseBench, TBT_GOAL_MS } from './lighthouse-bench';
import { describePointCloud, pointCloudBench } from './point-cloud-bench';
import { describeRoutes, everyPageScripts, ownGzipBytes, pageScriptsBench, ROUTE_BAR_BYTES } from './page-scripts';
import { describeRequestPath, requestPathBench, requestPathTargets } from './request-path-bench';
import { describeStartup, startupBench, startupTargets } from './startup-bench';
import { describeUserLoad, userLoadBench, userLoadTargets } from './user-load-bench';

const KiB = 1024;
const targets: Array<{ what: string; value: string; target: string; ok: boolean }> = [];

const bundle = bundleReport();
targets.push({
  what: 'entry JS (index.html + static imports), gzip',
  value: `${(bundle.entryClosureGzip / KiB).toFixed(1)} KiB`,
  target: '≤ 200 KiB',
  ok: bundle.entryClosureGzip <= 200 * KiB,
});
const widget = widgetReport();
targets.push({ what: 'embed.js, gzip', value: `${(widget.embedGzip / KiB).toFixed(1)} KiB`, target: '≤ 25 KiB', ok: widget.embedGzip <= 25 * KiB });
targets.push({
  what: `sharing page JS (${widget.sharingFiles.length} file), gzip`,
  value: `${(widget.sharingGzip / KiB).toFixed(1)} KiB`,
  target: '≤ 25 KiB',
  ok: widget.sharingGzip <= 25 * KiB,
});
console.log('Largest chunks (gzip):');
for (const chunk of bundle.largest) console.log(`  ${(chunk.gzip / KiB).toFixed(1).padStart(7)} KiB  ${chunk.file}`);
// The brief's bar: the JavaScript /login and /dashboard load in the browser (Chromium), lazy chunks included.
const pages = await pageScriptsBench();
console.log('\nJavaScript loaded by each page in Chromium (gzip -9 of the built files; the server sends them uncompressed):');
for (const page of [pages.login, pages.dashboard, pages.signInFlow]) {
  console.log(
    `  ${page.page.padEnd(30)} ${(page.gzipBytes / KiB).toFixed(1).padStart(6)} KiB gzip, ${(page.decodedBytes / KiB).toFixed(1)} KiB decoded, ` +
      `${page.files.length} files${page.heavy.length ? `, heavy: ${page.heavy.join(', ')}` : ''}`,
  );
}
for (const page of [pages.login, pages.dashboard]) {
  targets.push({
    what: `${page.page} JS loaded in Chromium, gzip${page.heavy.length ? ` (loads ${page.heavy.join(', ')})` : ''}`,
    value: `${(page.gzipBytes / KiB).toFixed(1)} KiB`,
    target: '≤ 200 KiB, no heavy library',
    ok: page.gzipBytes <= 200 * KiB && page.heavy.length === 0,
  });
}

// Every route's own first load (fresh profile each): the brief's bar is ≤ 200 KiB gzip for each.
{
  const running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off', LOG_LEVEL: 'error' });
  try {
    const everyPage = await everyPageScripts(running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
    const routes = describeRoutes(everyPage);
    console.log(`\n${routes.lines.join('\n')}`);
    // One target a route: a route over the bar shows as its own MISS.
    for (const page of everyPage) {
      targets.push({
        what: `${page.page} JS on its first visit, gzip${page.heavyGzipBytes && ownGzipBytes(page) !== page.gzipBytes ? ' (without plotly\'s lazy chunk)' : ''}`,
        value: `${(ownGzipBytes(page) / KiB).toFixed(1)} KiB`,
        target: '≤ 200 KiB',
        ok: ownGzipBytes(page) <= ROUTE_BAR_BYTES,
      });
    }
  } finally {
    await running.stop();
  }
}

const database = await benchDatabase(E2E_PASSWORD);
const running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off', LOG_LEVEL: 'error', ...database.env });
try {
  const token = await signInForBench(running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const results: LatencyResult[] = [];
  // Warm up the JIT and the database's caches first; the warm-up is not counted.
  await measure('warm-up', running.url, () => ({ path: '/api/v1/apps', init: auth }), 500, 16);
  results.push(await measure('GET /api/v1/apps', running.url, () => ({ path: '/api/v1/apps', init: auth }), 4000, 32));
  results.push(await measure('GET /api/v1/apps/{appId}/settings', running.url, () => ({ path: '/api/v1/apps/demo-plus/settings', init: auth }), 4000, 32));
  results.push(await measure('GET /api/v1/admin/apps', running.url, () => ({ path: '/api/v1/admin/apps?page_size=150', init: auth }), 2000, 32));
  let n = 0;
  results.push(
    await measure('PATCH /api/v1/apps/{appId}/settings (audited)', running.url, () => ({
      path: '/api/v1/apps/demo-plus/settings',
      init: { method: 'PATCH', headers: { ...auth.headers, 'content-type': 'application/json' }, body: JSON.stringify({ mlConfidenceThreshold: 0.5 + ((n += 1) % 40) / 100 }) },
    }), 500, 8),
  );
  const forgot = await forgotPasswordTiming(running.url, 'editor@demo.gov.sg');
  console.log(`\nForgot-password, ${forgot.samples} known and ${forgot.samples} unknown emails alternately: median ${forgot.knownMedianMs.toFixed(1)} ms known, ${forgot.unknownMedianMs.toFixed(1)} ms unknown`);
  targets.push({
    what: 'forgot-password answer time, known vs unknown email (median difference)',
    value: `${Math.abs(forgot.knownMedianMs - forgot.unknownMedianMs).toFixed(1)} ms`,
    target: '≤ 2 ms',
    ok: Math.abs(forgot.knownMedianMs - forgot.unknownMedianMs) <= 2,
  });
  console.log(`\nAPI latency (server on ${database.label}; this client shares the machine's cores):`);
  for (const r of results) {
    console.log(
      `  ${r.label.padEnd(48)} ${r.requests} req, c=${r.concurrency}: ${r.perSecond.toFixed(0)} req/s, ` +
        `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${r.errors}`,
    );
    targets.push({ what: `${r.label} p95`, value: `${r.p95.toFixed(1)} ms`, target: '≤ 50 ms', ok: r.p95 <= 50 && r.errors === 0 });
  }
} finally {
  await running.stop();
  await database.dispose();
}

// The request path (issue 16): /auth/me and a citizen's chat message beside bare Fastify, on PGlite
// and (with DATABASE_URL) on PostgreSQL.
for (const databaseUrl of [undefined, process.env.DATABASE_URL].filter((url, i) => i === 0 || url)) {
  const run = await requestPathBench(databaseUrl);
  console.log(`\n${describeRequestPath(run).join('\n')}`);
  targets.push(...requestPathTargets(run));
}

// A load test (issue 16): 200 users, editors and citizens, at a fixed arrival rate for 60 s.
for (const databaseUrl of [undefined, process.env.DATABASE_URL].filter((url, i) => i === 0 || url)) {
  const run = await userLoadBench(databaseUrl);
  console.log(`\n${describeUserLoad(run).join('\n')}`);
  targets.push(...userLoadTargets(run));
}

// Knowledge base: the intents table at 10,000 intents (its own console and data folder).
const table = await intentTableBench();
console.log(`\nIntents table, ${table.rows.toLocaleString()} intents + Q&A: mount ${table.mountMs.toFixed(0)} ms after the list answer (${table.listRequestMs.toFixed(0)} ms), navigation to rows ${table.navigationToRowsMs.toFixed(0)} ms; scroll at ${table.step} px a frame p50 ${table.scrollP50Ms.toFixed(1)} ms, p95 ${table.scrollP95Ms.toFixed(1)} ms over ${table.frames} frames, ${table.blankFrames} with unrendered rows in view (idle frame p95 ${table.idleP95Ms.toFixed(1)} ms)`);
targets.push({ what: 'intents table mount at 10,000 intents', value: `${table.mountMs.toFixed(0)} ms`, target: '≤ 250 ms', ok: table.mountMs <= 250 });
// Frame times come in whole 60 Hz vsyncs (16.7, 33.3, 50 ms): "≤ 33 ms" is 30 fps, two vsyncs at most.
targets.push({ what: `intents table scroll frame p95 (${table.step} px a frame)`, value: `${table.scrollP95Ms.toFixed(1)} ms`, target: '≤ 33 ms (30 fps)', ok: table.scrollP95Ms <= 1000 / 30 + 0.5 });
targets.push({ what: 'intents table scroll frames with unrendered rows in view', value: `${table.blankFrames} of ${table.frames}`, target: '≤ 2%', ok: table.blankFrames <= table.frames * 0.02 });
// Knowledge base: the intents list at 100,000 intents, page by page (PostgreSQL, DATABASE_URL).
const listRun = spawnSync(process.execPath, ['--import', 'tsx', 'tests/bench/intent-list-bench.ts'], { encoding: 'utf8', maxBuffer: 1 << 20 });
console.log(`\nIntents list at 100,000 intents:\n${listRun.stdout.trim()}`);
if (!listRun.stdout.startsWith('SKIP')) {
  const misses = listRun.stdout.split('\n').filter((line) => line.startsWith('FAIL'));
  targets.push({ what: 'intents list at 100,000 intents: every page, jump and search (PostgreSQL)', value: misses.length ? misses.join('; ') : 'all met', target: 'page p95 ≤ 50 ms, jump/search ≤ 500 ms', ok: listRun.status === 0 });
}
// Analytics (issue 19): a 90-day dashboard over 1,000,000 transcripts, on DATABASE_URL's server when set.
const analyticsRun = spawnSync(process.execPath, ['--import', 'tsx', 'tests/api/support/analytics-bench.ts'], { encoding: 'utf8', maxBuffer: 1 << 20 });
const analytics = JSON.parse(analyticsRun.stdout.trim().split('\n').pop() ?? '{}') as { database?: string; transcripts?: number; catchUpMs?: number; dashboardMedianMs?: number };
console.log(`\n${analyticsRun.stderr.trim().split('\n').pop() ?? ''}`);
{
  const bar = analytics.database === 'postgres' ? 300 : 900;
  targets.push({
    what: `90-day analytics dashboard, ${(analytics.transcripts ?? 0).toLocaleString()} transcripts (${analytics.database ?? 'failed'})`,
    value: `${analytics.dashboardMedianMs?.toFixed(0) ?? '—'} ms`,
    target: `≤ ${bar} ms`,
    ok: analytics.dashboardMedianMs !== undefined && analytics.dashboardMedianMs <= bar,
  });
}
// Analytics (issue 19): the Intents page's point cloud of 100,000 turns painted with scattergl in Chromium.
const cloud = await pointCloudBench();
console.log(`\n${describePointCloud(cloud).join('\n')}`);
targets.push({
  what: `point cloud of ${cloud.points.toLocaleString()} turns with scattergl, chart's request to first paint, plotly loaded (first visit ${cloud.coldMedianMs.toFixed(0)} ms; SVG scatter of 10,000 in the same run ${cloud.svgBaselineMs.toFixed(0)} ms)`,
  value: `${cloud.warmMedianMs.toFixed(0)} ms${cloud.webgl ? '' : ' (no WebGL: SVG fallback)'}`,
  target: '≤ 600 ms with WebGL',
  ok: cloud.webgl && cloud.warmMedianMs <= 600,
});
// Dialog engine cost bar (issue 8): its own process, so memory is the engine's.
const engineRun = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'plugins/dialog-engine/server/nlu/cost-bench.ts'], { encoding: 'utf8', maxBuffer: 1 << 20 });
const engine = JSON.parse(engineRun.stdout.trim().split('\n').pop() ?? '{}') as Record<string, number>;
console.log(`\nDialog engine, ${engine.intents} intents / ${engine.phrases} phrases: trained in ${engine.trainSeconds?.toFixed(1)} s (CPU ${engine.trainCpuSeconds?.toFixed(1)} s), ` +
  `${engine.weights} weights, model ${engine.retainedMb?.toFixed(1)} MB, peak RSS ${engine.peakRssMb?.toFixed(0)} MB (Node baseline ${engine.baselineRssMb?.toFixed(0)} MB); ` +
  `${engine.answers} answers p50 ${engine.p50Ms?.toFixed(2)} ms, p95 ${engine.p95Ms?.toFixed(2)} ms (CPU p95 ${engine.p95CpuMs?.toFixed(2)} ms)`);
targets.push({ what: 'dialog engine training, 2,000 intents / 20,000 phrases (CPU time)', value: `${engine.trainCpuSeconds?.toFixed(1)} s`, target: '< 60 s', ok: engine.trainCpuSeconds < 60 });
targets.push({ what: 'dialog engine memory above Node baseline (peak RSS)', value: `${(engine.peakRssMb - engine.baselineRssMb).toFixed(0)} MB`, target: '< 200 MB', ok: engine.peakRssMb - engine.baselineRssMb < 200 });
targets.push({ what: 'dialog engine answer p95 (CPU time)', value: `${engine.p95CpuMs?.toFixed(2)} ms`, target: '≤ 5 ms', ok: engine.p95CpuMs <= 5 });

// Dialog engine quality on real questions (issue 20): Banking77 through the engine, its own process.
const bankingRun = spawnSync(process.execPath, ['--import', 'tsx', 'tests/bench/banking77-bench.ts'], { encoding: 'utf8', maxBuffer: 1 << 20 });
const banking = JSON.parse(bankingRun.stdout.trim().split('\n').pop() ?? '{}') as Record<string, number>;
const pct = (share: number | undefined) => `${((share ?? 0) * 100).toFixed(1)}%`;
console.log(`\nDialog engine on Banking77 (77 intents, 10,003 training and 3,080 test questions; trained in ${banking.trainSeconds?.toFixed(1)} s): top-1 ${pct(banking.top1)} ` +
  `(published: BERT fine-tuned 93.7%, USE+ConveRT 93.4%, TF-IDF + logistic regression ~91.5%); ` +
  `10 intents held out as unseen questions, at the threshold the app's phrases suggest (${banking.threshold?.toFixed(2)}, ${pct(banking.heldOutFallbackRate)} of held-out phrases fall back): ` +
  `in-scope ${pct(banking.inScope)}, out-of-scope recall ${pct(banking.outOfScopeRecall)}; at the old fixed 0.70: ${pct(banking.inScopeAt07)} / ${pct(banking.outOfScopeRecallAt07)}`);
targets.push({ what: 'dialog engine top-1 on Banking77 test', value: pct(banking.top1), target: '≥ 90%', ok: banking.top1 >= 0.9 });

// Bulk import (issue 5): 10,000 rows through the API into one job, in a server process of its own.
const bulk = await bulkImportBench();
console.log(`\nBulk import, ${bulk.rows.toLocaleString()} rows / ${bulk.phrases.toLocaleString()} phrases (${(bulk.bytes / 1024 / 1024).toFixed(1)} MB CSV) on ${bulk.database}: ` +
  `${bulk.seconds.toFixed(1)} s upload to finished job, re-run (all unchanged) ${bulk.rerunSeconds.toFixed(1)} s; ` +
  `server RSS ${bulk.baselineRssMb.toFixed(0)} MB before, peak +${bulk.peakGrowthMb.toFixed(0)} MB; ` +
  `${bulk.doubleRows.toLocaleString()} new rows next: ${bulk.doubleSeconds.toFixed(1)} s, peak +${bulk.doublePeakGrowthMb.toFixed(0)} MB over the same baseline; after all ${bulk.afterGrowthMb >= 0 ? '+' : '−'}${Math.abs(bulk.afterGrowthMb).toFixed(0)} MB`);
targets.push({ what: 'bulk import of 10,000 rows (upload to finished job)', value: `${bulk.seconds.toFixed(1)} s`, target: '≤ 10 s', ok: bulk.seconds <= 10 });
// Memory: one batch of rows is held, never the file's rows; the figure also holds the embedded
// database's buffer cache of the pages written (about 19 MB per 10,000 rows on PGlite).
// Flat memory means the peak does not grow with the file: twice the rows, the same peak.
targets.push({ what: 'bulk import memory flat in file size (peak growth, 20,000 vs 10,000 rows)', value: `+${bulk.doublePeakGrowthMb.toFixed(0)} vs +${bulk.peakGrowthMb.toFixed(0)} MB`, target: '≤ 1.2× + 8 MB', ok: bulk.doublePeakGrowthMb <= bulk.peakGrowthMb * 1.2 + 8 });
targets.push({ what: 'bulk import of 10,000 rows: peak RSS growth of the server process', value: `+${bulk.peakGrowthMb.toFixed(0)} MB`, target: '≤ 128 MB', ok: bulk.peakGrowthMb <= 128 });

// The API stays responsive while an agent zip import and a 20,000-row bulk import run (issue 14): PGlite always, PostgreSQL with DATABASE_URL.
const interleaved = [await importInterleaveBench({})];
if (process.env.DATABASE_URL) interleaved.push(await importInterleaveBench(process.env));
for (const run of interleaved) {
  console.log(`\n${describeInterleave(run).join('\n')}`);
  // No freeze: an import may slow requests down (it shares the cores), but never holds them for seconds.
  targets.push({ what: `GET /healthz p95 while a 20,000-row import runs (${run.database})`, value: `${run.healthz.importing.p95.toFixed(1)} ms (idle ${run.healthz.idle.p95.toFixed(1)} ms)`, target: '≤ 250 ms', ok: run.healthz.importing.p95 <= 250 });
  targets.push({ what: `GET /api/v1/apps p95 while a 20,000-row import runs (${run.database})`, value: `${run.apps.importing.p95.toFixed(1)} ms (idle ${run.apps.idle.p95.toFixed(1)} ms)`, target: '≤ 500 ms', ok: run.apps.importing.p95 <= 500 });
  targets.push({ what: `GET /healthz p95 while a zip import of ${run.zip.intents.toLocaleString()} intents runs (${run.database})`, value: `${run.zip.healthz.p95.toFixed(1)} ms`, target: '≤ 250 ms', ok: run.zip.healthz.p95 <= 250 });
  targets.push({ what: `GET /api/v1/apps p95 while a zip import of ${run.zip.intents.toLocaleString()} intents runs (${run.database})`, value: `${run.zip.apps.p95.toFixed(1)} ms`, target: '≤ 500 ms', ok: run.zip.apps.p95 <= 500 });
}

// Conflict detection (issue 20): 10,000 intents / 50,000 phrases, in a server process of its own.
const conflicts = await conflictsBench();
console.log(`\n${describeConflicts(conflicts)}`);
targets.push({ what: `conflict detection, ${conflicts.phrases.toLocaleString()} phrases (POST to finished job)`, value: `${conflicts.seconds.toFixed(1)} s`, target: '≤ 20 s', ok: conflicts.seconds <= 20 });
targets.push({ what: 'GET /healthz p99 while conflict detection runs', value: `${conflicts.healthz.p99.toFixed(1)} ms (max ${conflicts.healthz.max.toFixed(0)} ms)`, target: '≤ 100 ms', ok: conflicts.healthz.p99 <= 100 });
targets.push({ what: 'first page of the conflict report (50 intent pairs)', value: `${conflicts.firstPageMs.toFixed(0)} ms`, target: '≤ 300 ms', ok: conflicts.firstPageMs <= 300 });

// Hostile files (issue 15): each one read over and over while /healthz is timed, beside a baseline taken just before.
const hostile = await hostileFilesBench();
console.log(`\nHostile files (server on ${hostile.database}; /healthz one request after another, each file uploaded again as soon as it is answered):`);
for (const h of hostile.results) {
  console.log(
    `  ${h.file.padEnd(60)} ${(h.bytes / 1024).toFixed(0)} KiB → ${h.route}, ${h.uploads} uploads answered ${h.statuses.join('/')}: ` +
      `/healthz p99 ${h.p99Ms.toFixed(1)} ms (baseline ${h.baselineP99Ms.toFixed(1)} ms); server RSS ${h.baselineRssMb.toFixed(0)} MB, peak +${h.peakRssGrowthMb.toFixed(0)} MB ` +
      `(with the reader process +${h.peakTreeGrowthMb.toFixed(0)} MB)`,
  );
  targets.push({ what: `/healthz p99 while reading: ${h.file}`, value: `${h.p99Ms.toFixed(1)} ms (baseline ${h.baselineP99Ms.toFixed(1)} ms)`, target: '≤ 100 ms, a 4xx', ok: h.p99Ms <= 100 && h.statuses.every((status) => status >= 400 && status < 500) });
  targets.push({ what: `server RSS growth while reading: ${h.file}`, value: `+${h.peakRssGrowthMb.toFixed(0)} MB over ${h.baselineRssMb.toFixed(0)} MB`, target: '≤ +300 MB', ok: h.peakRssGrowthMb <= 300 });
  // The PDF reader is a process of the server's own: its memory is the server's too.
  targets.push({ what: `server RSS growth with its reader processes: ${h.file}`, value: `+${h.peakTreeGrowthMb.toFixed(0)} MB`, target: '≤ +300 MB', ok: h.peakTreeGrowthMb <= 300 });
}

// Mobile Lighthouse (issue 16): LCP and TBT, mobile preset, median of three cold-cache runs.
const lighthouse = await lighthouseBench();
console.log(`\n${describeLighthouse(lighthouse).join('\n')}`);
for (const page of lighthouse) {
  targets.push({ what: `Lighthouse mobile LCP: ${page.page}`, value: `${(page.lcpMs / 1000).toFixed(2)} s (score ${page.score})`, target: '≤ 2.5 s', ok: page.lcpMs <= LCP_GOAL_MS });
  targets.push({ what: `Lighthouse mobile TBT: ${page.page}`, value: `${page.tbtMs.toFixed(0)} ms`, target: '≤ 200 ms', ok: page.tbtMs <= TBT_GOAL_MS });
}

// Cold start and memory after start (issue 16), PGlite and (with DATABASE_URL) PostgreSQL.
const startup = await startupBench();
console.log(`\n${describeStartup(startup).join('\n')}`);
targets.push(...startupTargets(startup));

console.log('\nTargets:');
for (const t of targets) console.log(`  ${t.ok ? 'MET ' : 'MISS'}  ${t.what}: ${t.value} (${t.target})`);
process.exit(targets.every((t) => t.ok) ? 0 : 1);
