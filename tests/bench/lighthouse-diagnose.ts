/**
 * One Lighthouse mobile run per page (as lighthouse-bench.ts) that saves the full report under
 * LHR_DIR (default /tmp/lcp) and prints what the largest paint was and what it waited for.
 *
 *   node --import tsx tests/bench/lighthouse-diagnose.ts [/login /dashboard …]
 */
import { writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { TOKEN_STORAGE_KEY } from '@civic/core/common/constants';
import { signInForBench } from './api-latency';
import { launchForLighthouse } from './lighthouse-bench';
import { E2E_PASSWORD, startConsole } from '../e2e/support/server';

const DEBUG_PORT = 9334;

interface NetworkRow {
  url: string;
  networkRequestTime: number;
  networkEndTime: number;
  transferSize: number;
  priority?: string;
}
const dir = process.env.LHR_DIR ?? '/tmp/lcp';
const wanted = process.argv.slice(2);
const targets = [
  { path: '/login', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/intents/demo-plus', signedIn: true },
  { path: '/sharing/demo-plus', signedIn: false },
].filter((t) => wanted.length === 0 || wanted.includes(t.path));

const running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off', LOG_LEVEL: 'error' });
const browser = await launchForLighthouse(DEBUG_PORT);
try {
  const page = await browser.newPage();
  const token = await signInForBench(running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
  for (const target of targets) {
    await page.goto(`${running.url}/login`);
    await page.evaluate((key, value) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)), TOKEN_STORAGE_KEY, target.signedIn ? token : '');
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const result = await lighthouse(`${running.url}${target.path}`, { port: DEBUG_PORT, logLevel: 'error', output: 'json', onlyCategories: ['performance'], disableStorageReset: true, ...(process.env.SAVE_TRACE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}) });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${target.path}`);
    const name = target.path.split('/')[1];
    writeFileSync(`${dir}/${name}.json`, JSON.stringify(lhr));
    const trace = (result?.artifacts as { Trace?: unknown } | undefined)?.Trace;
    if (process.env.SAVE_TRACE && trace) writeFileSync(`${dir}/${name}.trace.json`, JSON.stringify(trace));
    const a = lhr.audits;
    const lcpTables = (a['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<Record<string, unknown>> }> } | undefined)?.items;
    const el = lcpTables?.[0]?.items?.[0]?.node as { nodeLabel?: string; selector?: string; snippet?: string } | undefined;
    const phases = lcpTables?.[1]?.items;
    console.log(`\n== ${target.path}: LCP ${a['largest-contentful-paint'].numericValue?.toFixed(0)} FCP ${a['first-contentful-paint'].numericValue?.toFixed(0)} TBT ${a['total-blocking-time'].numericValue?.toFixed(0)}`);
    console.log('element:', el?.nodeLabel, '|', el?.selector, '|', el?.snippet);
    console.log('phases:', JSON.stringify(phases));
    const reqs = ((a['network-requests']?.details as { items?: NetworkRow[] } | undefined)?.items ?? []);
    if (process.env.LONG_TASKS) {
      const tasks = ((a['long-tasks']?.details as { items?: Array<{ url: string; duration: number; startTime: number }> } | undefined)?.items ?? []);
      for (const t of tasks) console.log(`  long task ${String(Math.round(t.startTime)).padStart(6)} +${String(Math.round(t.duration)).padStart(5)} ${t.url.replace(running.url, '')}`);
      const boot = ((a['bootup-time']?.details as { items?: Array<{ url: string; total: number; scripting: number; scriptParseCompile: number }> } | undefined)?.items ?? []);
      for (const b of boot) console.log(`  bootup ${String(Math.round(b.total)).padStart(6)} script ${String(Math.round(b.scripting)).padStart(6)} parse ${String(Math.round(b.scriptParseCompile)).padStart(5)} ${b.url.replace(running.url, '')}`);
      const work = ((a['mainthread-work-breakdown']?.details as { items?: Array<{ groupLabel: string; duration: number }> } | undefined)?.items ?? []);
      console.log('  main thread:', work.map((w) => `${w.groupLabel} ${Math.round(w.duration)}`).join(', '));
    }
    for (const r of reqs) console.log(`  ${String(Math.round(r.networkRequestTime)).padStart(6)}→${String(Math.round(r.networkEndTime)).padStart(6)} ${String(r.transferSize).padStart(8)} ${r.priority ?? ''} ${r.url.replace(running.url, '')}`);
  }
} finally {
  await browser.close();
  await running.stop();
}
