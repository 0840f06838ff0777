import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';

/**
 * The scaffold's promise (issue 14): `npm run plugin:new` makes a working plugin — page, route,
 * table and migration, nav entry, permission, tests — that touches nothing outside plugins/<id>/
 * but the profile line. Checked in a temporary copy of the repository (the files git would commit,
 * node_modules linked), where it is scaffolded, then typechecked, linted, held to the architecture
 * rules and its own tests run.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const ID = 'scaffold-probe';
/** A credential plugin scaffolded beside it (`--credential probe`), not enabled in any profile. */
const CREDENTIAL_ID = 'credential-probe';
let copy: string;

interface Run {
  code: number;
  output: string;
}

/**
 * Children run as on a developer's machine: without this runner's NODE_TEST_CONTEXT (with it, a
 * child `node --test` skips its files) and on the embedded database.
 */
const { NODE_TEST_CONTEXT: _runner, DATABASE_URL: _database, ...CHILD_ENV } = process.env;

function run(command: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: copy, env: CHILD_ENV });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function ok(command: string, args: string[]): Promise<string> {
  const result = await run(command, args);
  assert.equal(result.code, 0, `${command} ${args.join(' ')} failed:\n${result.output}`);
  return result.output;
}

const git = (...args: string[]) => ok('git', ['-c', 'user.name=scaffold-test', '-c', 'user.email=scaffold-test@example.gov.sg', ...args]);

before(async () => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'civic-scaffold-'));
  const listed = await new Promise<string>((resolve, reject) => {
    const child = spawn('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`git ls-files exited ${code}`))));
  });
  for (const file of listed.split('\0').filter(Boolean)) {
    // A file deleted in the working tree but not yet staged is still listed.
    if (!fs.existsSync(path.join(ROOT, file)) || file === 'node_modules') continue;
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(copy, file));
  }
  fs.symlinkSync(fs.realpathSync(path.join(ROOT, 'node_modules')), path.join(copy, 'node_modules'));
  // The type checker's build info, when there is one, so it checks only what the scaffold changes.
  if (fs.existsSync(path.join(ROOT, '.tsbuild'))) fs.cpSync(path.join(ROOT, '.tsbuild'), path.join(copy, '.tsbuild'), { recursive: true, preserveTimestamps: true });
  await git('init', '--quiet');
  await git('add', '--all');
  await git('commit', '--quiet', '--no-verify', '--message', 'before the scaffold');
  await ok('npm', ['run', '--silent', 'plugin:new', '--', ID, '--profile', 'default']);
  await ok('npm', ['run', '--silent', 'plugin:new', '--', '--credential', 'probe']);
});

after(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

test('it changes nothing outside plugins/<id>/ but the profile line', async () => {
  const changed = (await git('status', '--porcelain', '--untracked-files=all')).split('\n').filter(Boolean).map((line) => line.slice(3));
  assert.deepEqual(changed.filter((file) => !file.startsWith(`plugins/${ID}/`) && !file.startsWith(`plugins/${CREDENTIAL_ID}/`)), ['config/profiles/default.json']);
  for (const part of ['plugin.ts', 'common/probe-credential.dto.ts', 'common/test-probe.ts', `tests/api/${CREDENTIAL_ID}.test.ts`, 'tests/matrix.ts']) {
    assert.ok(changed.includes(`plugins/${CREDENTIAL_ID}/${part}`), `plugins/${CREDENTIAL_ID}/${part} is missing`);
  }
  const diff = (await git('diff', '--unified=0', 'config/profiles/default.json')).split('\n').filter((line) => /^[-+](?![-+])/.test(line));
  assert.equal(diff.length, 2, diff.join('\n'));
  assert.match(diff[1], new RegExp(`^\\+\\s*"plugins": \\[.*"${ID}"\\],$`));
  assert.equal(diff[0].slice(1).replace(/\]/, `, "${ID}"]`), diff[1].slice(1));
  for (const part of ['plugin.ts', 'server/db/schema.ts', 'server/db/migrations/0000_baseline.sql', 'server/db/migrations/meta/_journal.json', `web/${ID}-page.tsx`, `web/${ID}-page.test.tsx`, `tests/api/${ID}.test.ts`, 'tests/matrix.ts']) {
    assert.ok(changed.includes(`plugins/${ID}/${part}`), `plugins/${ID}/${part} is missing`);
  }
  assert.match(fs.readFileSync(path.join(copy, `plugins/${ID}/server/db/migrations/0000_baseline.sql`), 'utf8'), /CREATE TABLE "scaffold_probe_items"/);
});

test('it refuses an id that is taken or not kebab-case, writing nothing', async () => {
  const before = await git('status', '--porcelain', '--untracked-files=all');
  for (const id of [ID, 'Not_Kebab']) {
    const result = await run('npm', ['run', '--silent', 'plugin:new', '--', id]);
    assert.equal(result.code, 2, result.output);
  }
  assert.equal(await git('status', '--porcelain', '--untracked-files=all'), before);
});

test('the copy typechecks', async () => {
  await ok('npx', ['tsc', '-b', 'tsconfig.web.json', 'tsconfig.server.json', 'tsconfig.e2e.json']);
});

test('the new plugin passes lint and the architecture rules', async () => {
  await ok('npx', ['eslint', '--max-warnings', '0', `plugins/${ID}`, `plugins/${CREDENTIAL_ID}`]);
  const arch = await ok(process.execPath, ['--import', 'tsx', '--test', 'tests/arch/import-rules.test.ts']);
  assert.match(arch, /# pass [1-9]/);
  assert.match(arch, /# fail 0/);
});

test("the new plugin's API test (on PGlite) and page test pass", async () => {
  // Two processes at once: the API test mostly waits on its server, jest on its transform.
  const [api, page] = await Promise.all([
    run(process.execPath, ['--import', 'tsx', '--test', `plugins/${ID}/tests/api/${ID}.test.ts`]),
    run(process.execPath, ['node_modules/jest/bin/jest.js', '--ci', `plugins/${ID}/`]),
  ]);
  assert.equal(api.code, 0, api.output);
  assert.match(api.output, /# pass [1-9]/);
  assert.match(api.output, /# fail 0/);
  assert.equal(page.code, 0, page.output);
  assert.match(page.output, /Tests:\s+\d+ passed, \d+ total/);
});

test("the scaffolded credential plugin's API test passes against its loopback provider", async () => {
  const api = await run(process.execPath, ['--import', 'tsx', '--test', `plugins/${CREDENTIAL_ID}/tests/api/${CREDENTIAL_ID}.test.ts`]);
  assert.equal(api.code, 0, api.output);
  assert.match(api.output, /# pass [1-9]/);
  assert.match(api.output, /# fail 0/);
});
