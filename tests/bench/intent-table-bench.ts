/**
 * The intents table at 10,000 intents (knowledge-base issue): mount time and p95 scroll frame time in a
 * headless Chromium against the real server and the built console. Standalone:
 * `node --import tsx tests/bench/intent-table-bench.ts` (after `npm run build`); also a section of
 * `npm run bench`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBrowser } from '../e2e/support/browser';
import { signIn } from '../e2e/support/console-user';
import { E2E_PASSWORD, startConsole } from '../e2e/support/server';

const ROOT = join(import.meta.dirname, '../..');
export const INTENTS = 10_000;
const APP = 'demo-enterprise';
const SCROLL_FRAMES = 240;
/**
 * Pixels scrolled per frame: 200 px at 60 frames a second is 12,000 px (375 rows) a second, several
 * times a fast mouse-wheel spin (Chrome scrolls 100 px a notch) and about a hard trackpad fling.
 * KB_BENCH_STEP overrides it (at 400 px a frame, measured here: p95 50 ms, the renderer busy ~35 ms a
 * frame drawing ~100 new cells). Every frame's rows must be drawn: `blankFrames` counts frames with
 * a row in view not yet rendered, so a table that skips work while scrolling cannot pass.
 */
export const SCROLL_STEP = Number(process.env.KB_BENCH_STEP ?? 200);

export interface IntentTableResult {
  rows: number;
  /** From the list answer's arrival to the table's first rows on screen. */
  mountMs: number;
  /** From the in-app navigation to the first rows on screen (lazy chunk cached, API included). */
  navigationToRowsMs: number;
  listRequestMs: number;
  scrollP95Ms: number;
  scrollP50Ms: number;
  frames: number;
  /** Scroll frames that showed a row in view not yet rendered. */
  blankFrames: number;
  /** Pixels scrolled per frame. */
  step: number;
  /** p95 of an idle animation frame on the same page: how busy the machine is. */
  idleP95Ms: number;
}

/** A data folder with the demo seed plus 10,000 intents in demo-enterprise (tests/api/support/kb-bench-data.ts). */
function prepareDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'civic-bench-kb-'));
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'tests/api/support/kb-bench-data.ts', dataDir, APP, String(INTENTS), E2E_PASSWORD], { cwd: ROOT, encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`preparing the intents failed:\n${made.stdout}${made.stderr}`);
  return dataDir;
}

export async function intentTableBench(): Promise<IntentTableResult> {
  const dataDir = prepareDataDir();
  const running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off', LOG_LEVEL: 'error', CIVIC_DATA_DIR: dataDir });
  const { browser, close } = await openBrowser();
  try {
    await browser.setTimeout({ script: 120_000 });
    await signIn(browser, running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
    // Visit once so that the lazy chunks are cached: the figure is the table, not the download.
    await browser.url(`${running.url}/intents/${APP}`);
    await browser.$('.bp6-table-quadrant-main .bp6-table-cell a').waitForDisplayed({ timeout: 60_000 });
    await browser.url(`${running.url}/dashboard`);
    await browser.$('#page-title').waitForDisplayed();

    const mount = (await browser.executeAsync((app: string, done: (r: unknown) => void) => {
      performance.clearResourceTimings();
      const t0 = performance.now();
      history.pushState(null, '', `/intents/${app}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
      const poll = () => {
        const cell = document.querySelector('.bp6-table-quadrant-main .bp6-table-cell a');
        if (!cell) return requestAnimationFrame(poll);
        requestAnimationFrame(() => {
          const t1 = performance.now();
          const list = performance.getEntriesByType('resource').find((e) => e.name.includes(`/apps/${app}/intents?`)) as PerformanceResourceTiming | undefined;
          const text = document.querySelector('.civic-kb-count')?.textContent ?? '';
          const number = (re: RegExp) => Number(re.exec(text)?.[1].replace(/,/g, '') ?? 0);
          const rows = number(/([\d,]+) intents/) + number(/([\d,]+) Q&A/);
          done({ t0, t1, responseEnd: list?.responseEnd ?? t0, requestStart: list?.startTime ?? t0, rows });
        });
      };
      requestAnimationFrame(poll);
    }, APP)) as { t0: number; t1: number; responseEnd: number; requestStart: number; rows: number };

    const idle = (await browser.executeAsync((count: number, done: (r: unknown) => void) => {
      const deltas: number[] = [];
      let last = performance.now();
      const step = (now: number) => {
        deltas.push(now - last);
        last = now;
        if (deltas.length < count) requestAnimationFrame(step);
        else done(deltas.slice(1));
      };
      requestAnimationFrame(step);
    }, 120)) as number[];

    const profile = process.env.KB_BENCH_PROFILE;
    if (profile) {
      await browser.sendCommandAndGetResult('Profiler.enable', {});
      await browser.sendCommandAndGetResult('Profiler.setSamplingInterval', { interval: 200 });
      await browser.sendCommandAndGetResult('Profiler.start', {});
    }
    const cpuBefore = chromiumCpuMs();
    const frames = (await browser.executeAsync((count: number, px: number, done: (r: unknown) => void) => {
      const scroller = document.querySelector<HTMLElement>('.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container');
      if (!scroller) return done([]);
      const deltas: number[] = [];
      const loaf = { frames: 0, duration: 0, script: 0, layout: 0, blocking: 0, top: new Map<string, number>() };
      type Loaf = PerformanceEntry & { duration: number; renderStart: number; styleAndLayoutStart: number; blockingDuration: number; scripts: Array<{ duration: number; sourceFunctionName: string; invoker: string }> };
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Loaf[]) {
          loaf.frames += 1;
          loaf.duration += entry.duration;
          loaf.blocking += entry.blockingDuration;
          loaf.layout += entry.styleAndLayoutStart ? entry.startTime + entry.duration - entry.styleAndLayoutStart : 0;
          for (const script of entry.scripts) {
            loaf.script += script.duration;
            const name = `${script.invoker} ${script.sourceFunctionName}`;
            loaf.top.set(name, (loaf.top.get(name) ?? 0) + script.duration);
          }
        }
      });
      try {
        observer.observe({ type: 'long-animation-frame', buffered: false });
      } catch {
        // not supported: no breakdown
      }
      const finish = () => {
        observer.disconnect();
        const top = [...loaf.top.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, v]) => `${k}: ${v.toFixed(0)} ms`);
        (window as unknown as { __kbLoaf: unknown }).__kbLoaf = { frames: loaf.frames, duration: loaf.duration, script: loaf.script, layout: loaf.layout, top };
      };
      let last = performance.now();
      let n = 0;
      const body = scroller.querySelector<HTMLElement>('.bp6-table-cell-client') ?? scroller;
      let blankFrames = 0;
      const step = (now: number) => {
        deltas.push(now - last);
        last = now;
        // A frame shows blank rows when a row in view has no rendered name cell (batched rendering lags).
        const first = Math.floor(scroller.scrollTop / 32);
        const last2 = Math.floor((scroller.scrollTop + scroller.clientHeight - 40) / 32);
        if (n > 0 && (!body.querySelector(`.bp6-table-cell-row-${first}`) || !body.querySelector(`.bp6-table-cell-row-${last2}`))) blankFrames += 1;
        (window as unknown as { __kbBlank: number }).__kbBlank = blankFrames;
        scroller.scrollTop += px;
        n += 1;
        if (n < count) requestAnimationFrame(step);
        else {
          finish();
          done(deltas.slice(1));
        }
      };
      requestAnimationFrame((now) => {
        last = now;
        requestAnimationFrame(step);
      });
    }, SCROLL_FRAMES, SCROLL_STEP)) as number[];

    const pct = (values: number[], p: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
    };
    const cpuAfter = chromiumCpuMs();
    if (profile) {
      const result = (await browser.sendCommandAndGetResult('Profiler.stop', {})) as { profile: CpuProfile };
      writeFileSync(profile, JSON.stringify(result.profile));
      console.log(`CPU profile while scrolling written to ${profile}; self time by function:\n${topSelfTime(result.profile).join('\n')}`);
    }
    const breakdown = await browser.execute(() => (window as unknown as { __kbLoaf?: unknown }).__kbLoaf);
    const blank = await browser.execute(() => (window as unknown as { __kbBlank?: number }).__kbBlank ?? 0);
    if (process.env.KB_BENCH_VERBOSE) {
      console.log('long animation frames while scrolling:', JSON.stringify(breakdown, null, 2));
      const over = (ms: number) => frames.filter((f) => f > ms).length;
      const used = (type: string) => ((cpuAfter.get(type) ?? 0) - (cpuBefore.get(type) ?? 0)) / frames.length;
      console.log(`CPU time per scroll frame (load-independent work): renderer ${used('renderer').toFixed(1)} ms, gpu ${used('gpu-process').toFixed(1)} ms, browser ${used('browser').toFixed(1)} ms`);
      console.log(`scroll frames: ${frames.length}, over 20 ms: ${over(20)}, over 34 ms: ${over(34)}, over 50 ms: ${over(50)}, max ${Math.max(...frames).toFixed(0)} ms; frames with blank rows in view: ${blank}`);
    }
    const cpu = await browser.execute(() => {
      const t0 = performance.now();
      const values = Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 100_003);
      values.sort((a, b) => a - b);
      return performance.now() - t0;
    });
    if (process.env.KB_BENCH_VERBOSE) console.log(`CPU calibration (sort 200k numbers): ${cpu.toFixed(0)} ms`);
    const total = await browser.execute(() => document.querySelectorAll('.bp6-table-quadrant-main .bp6-table-cell').length);
    if (total === 0) throw new Error('the table rendered no cells');
    return {
      rows: mount.rows,
      mountMs: mount.t1 - Math.max(mount.responseEnd, mount.t0),
      navigationToRowsMs: mount.t1 - mount.t0,
      listRequestMs: mount.responseEnd - mount.requestStart,
      scrollP95Ms: pct(frames, 95),
      scrollP50Ms: pct(frames, 50),
      idleP95Ms: pct(idle, 95),
      frames: frames.length,
      blankFrames: blank,
      step: SCROLL_STEP,
    };
  } finally {
    await close();
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** CPU time (user + system, ms) used so far by the Chromium processes this bench started, by --type. */
function chromiumCpuMs(): Map<string, number> {
  const parents = new Map<number, number>();
  const stats = new Map<number, { cmd: string; ms: number }>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(pid, Number(fields[1]));
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      stats.set(pid, { cmd, ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 });
    } catch {
      // the process ended meanwhile
    }
  }
  const ours = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  const byType = new Map<string, number>();
  for (const [pid, { cmd, ms }] of stats) {
    if (!cmd.includes('chrom') || !ours(pid)) continue;
    const type = /--type=([a-z-]+)/.exec(cmd)?.[1] ?? (cmd.includes('chromedriver') ? 'driver' : 'browser');
    byType.set(type, (byType.get(type) ?? 0) + ms);
  }
  return byType;
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

/** The 25 functions with the most self time in a CPU profile (ms). */
function topSelfTime(profile: CpuProfile): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber}:${frame.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await intentTableBench();
  console.log(JSON.stringify(r, null, 2));
}
