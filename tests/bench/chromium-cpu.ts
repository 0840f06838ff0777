/**
 * CPU time of one headless Chromium's processes by kind (`--type=gpu-process`, `renderer`, the browser
 * itself), read from /proc: on a machine other work shares, a figure that the wait for a core does
 * not inflate, beside the wall-clock times. Linux only (an empty record elsewhere).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Milliseconds of CPU (user + system) by process kind. */
export type CpuByKind = Record<string, number>;

/** The kernel's clock ticks a second (`getconf CLK_TCK`): 100 on every Linux this runs on. */
const TICK_MS = 10;

/** The CPU the Chromium started with `--user-data-dir=<profile>` and its children have used so far. */
export function chromiumCpu(profile: string): CpuByKind {
  if (process.platform !== 'linux') return {};
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, pid, ppid, args]) => ({ pid, ppid, args }));
  const root = rows.find((r) => r.args.includes(`--user-data-dir=${profile}`) && !r.args.includes('--type='));
  if (!root) return {};
  const ours = new Set([root.pid]);
  // Children are listed after their parents only mostly: go over the list until nothing is added.
  for (let added = true; added; ) {
    added = false;
    for (const r of rows) {
      if (!ours.has(r.ppid) || ours.has(r.pid)) continue;
      ours.add(r.pid);
      added = true;
    }
  }
  const cpu: CpuByKind = {};
  for (const r of rows) {
    if (!ours.has(r.pid)) continue;
    const kind = /--type=([\w-]+)/.exec(r.args)?.[1] ?? 'browser';
    try {
      // Fields after the command's name: utime and stime are the 12th and 13th (proc(5)).
      const fields = readFileSync(`/proc/${r.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      cpu[kind] = (cpu[kind] ?? 0) + (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    } catch {
      // The process ended meanwhile.
    }
  }
  return cpu;
}

/** `after - before` for each kind. */
export function cpuSince(before: CpuByKind, after: CpuByKind): CpuByKind {
  return Object.fromEntries(Object.entries(after).map(([kind, ms]) => [kind, ms - (before[kind] ?? 0)]));
}
