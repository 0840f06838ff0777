/**
 * `npm test`: every suite, in the order that fails fastest, with one closing line
 * `N passed, N failed` summed over the suites that count tests.
 *
 *   npm test                    everything (API suite on PGlite; also on PostgreSQL when DATABASE_URL is set)
 *   npm test -- api e2e         only the named steps (lint, typecheck, build, unit, server, arch, scaffold, api, e2e)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

interface Outcome {
  passed: number;
  failed: number;
  ok: boolean;
}

interface Step {
  name: string;
  group: string;
  run: () => Promise<Outcome>;
}

function findTests(dirs: string[], pattern: RegExp): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (pattern.test(path)) out.push(relative(ROOT, path));
    }
  };
  for (const dir of dirs) walk(join(ROOT, dir));
  return out.sort();
}

function exec(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function command(command: string, args: string[]): Promise<Outcome> {
  const code = await exec(command, args);
  return { passed: 0, failed: 0, ok: code === 0 };
}

/** Runs files with node's test runner (real ESM, like production), reading the counts from TAP. */
async function nodeTests(files: string[], env: NodeJS.ProcessEnv = process.env, concurrency = 1): Promise<Outcome> {
  if (files.length === 0) return { passed: 0, failed: 1, ok: false };
  const tap = join(mkdtempSync(join(tmpdir(), 'civic-tap-')), 'out.tap');
  const code = await exec(
    process.execPath,
    [
      '--import', 'tsx', '--test', `--test-concurrency=${concurrency}`,
      '--test-reporter=spec', '--test-reporter-destination=stdout',
      '--test-reporter=tap', `--test-reporter-destination=${tap}`,
      ...files,
    ],
    env,
  );
  const text = readFileSync(tap, 'utf8');
  const count = (key: string) => Number(new RegExp(`^# ${key} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  const failed = count('fail') + count('cancelled');
  return { passed: count('pass'), failed, ok: code === 0 && failed === 0 };
}

async function jest(): Promise<Outcome> {
  const out = join(mkdtempSync(join(tmpdir(), 'civic-jest-')), 'jest.json');
  const code = await exec(process.execPath, ['node_modules/jest/bin/jest.js', '--ci', '--json', `--outputFile=${out}`]);
  try {
    const report = JSON.parse(readFileSync(out, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTestSuites: number };
    return { passed: report.numPassedTests, failed: report.numFailedTests, ok: code === 0 };
  } catch {
    return { passed: 0, failed: 1, ok: false };
  }
}

const { DATABASE_URL: _unused, ...withoutDatabaseUrl } = process.env;
/**
 * Test files run side by side, one process each, as many as the machine has cores (at most 4;
 * CIVIC_TEST_CONCURRENCY overrides): every file starts its own server on its own database and port,
 * so files never share state, and a file's CPU mostly runs on one core.
 */
const FILES_AT_ONCE = Number(process.env.CIVIC_TEST_CONCURRENCY) || Math.max(1, Math.min(4, availableParallelism()));
/** The API suite: tests/api and each plugin's own API tests (plugins/<id>/tests/api). */
const apiTests = () => [...findTests(['tests/api'], /\.test\.ts$/), ...findTests(['plugins'], /^plugins\/[^/]+\/tests\/api\/.*\.test\.ts$/)];

const steps: Step[] = [
  { name: 'lint', group: 'lint', run: () => command('npx', ['eslint', '--max-warnings', '0', '.']) },
  { name: 'typecheck', group: 'typecheck', run: () => command('npx', ['tsc', '-b', 'tsconfig.web.json', 'tsconfig.server.json', 'tsconfig.e2e.json']) },
  { name: 'build', group: 'build', run: () => command('npm', ['run', 'build']) },
  { name: 'unit and component tests (jest)', group: 'unit', run: jest },
  {
    name: 'server unit tests',
    group: 'server',
    run: () => nodeTests(findTests(['core/server', 'sdk/server', 'plugins'], /\/server\/.*\.test\.ts$/), withoutDatabaseUrl, FILES_AT_ONCE),
  },
  { name: 'architecture rules', group: 'arch', run: () => nodeTests(findTests(['tests/arch'], /\.test\.ts$/)) },
  { name: 'plugin scaffold (in a temporary copy)', group: 'scaffold', run: () => nodeTests(findTests(['tests/scaffold'], /\.test\.ts$/), withoutDatabaseUrl) },
  { name: 'API integration (PGlite)', group: 'api', run: () => nodeTests(apiTests(), withoutDatabaseUrl, FILES_AT_ONCE) },
  ...(process.env.DATABASE_URL
    ? [{ name: 'API integration (PostgreSQL)', group: 'api', run: () => nodeTests(apiTests(), process.env, FILES_AT_ONCE) }]
    : []),
  { name: 'browser e2e (Chromium)', group: 'e2e', run: () => nodeTests(findTests(['tests/e2e'], /\.test\.ts$/), withoutDatabaseUrl, FILES_AT_ONCE) },
];

const only = process.argv.slice(2);
const chosen = only.length ? steps.filter((s) => only.includes(s.group)) : steps;
let passed = 0;
let failed = 0;
const report: string[] = [];
for (const step of chosen) {
  const started = Date.now();
  console.log(`\n=== ${step.name} ===`);
  const outcome = await step.run();
  passed += outcome.passed;
  failed += outcome.failed + (outcome.ok || outcome.failed > 0 ? 0 : 1);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counts = outcome.passed || outcome.failed ? ` (${outcome.passed} passed, ${outcome.failed} failed)` : '';
  report.push(`${outcome.ok ? 'PASS' : 'FAIL'}  ${step.name}${counts}  ${seconds}s`);
}
console.log(`\n${report.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
