import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RepoPaths } from '@civic/core/server/config/repo-paths';
import { pluginNames } from './plugin-names';
import { commonFiles } from './templates/common-files';
import { credentialFiles } from './templates/credential-files';
import { serverFiles } from './templates/server-files';
import { testFiles } from './templates/test-files';
import { webFiles } from './templates/web-files';

/**
 * `npm run plugin:new -- <id> [--title "…"] [--profile <name>]`: writes a working plugin into
 * plugins/<id>/ — a page with its nav entry, list and create routes, a table and its first
 * migration, access rules, a DTO, and its tests — and, only when asked, adds the id to a profile.
 * Nothing else in the repository changes (the scaffold test holds it to that).
 */
const USAGE = 'usage: npm run plugin:new -- <id> [--title "Title"] [--profile <name>]\n       npm run plugin:new -- --credential <kind> [--title "Title"] [--profile <name>]   (writes plugins/credential-<kind>/)\n';

const { positionals, values } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: { title: { type: 'string' }, profile: { type: 'string' }, credential: { type: 'string' } },
});
const credential = values.credential !== undefined;
if (credential ? positionals.length !== 0 : positionals.length !== 1) fail(USAGE);

let names;
let kind;
try {
  kind = credential ? pluginNames(values.credential as string, values.title) : undefined;
  names = pluginNames(credential ? `credential-${values.credential}` : positionals[0], kind?.title ?? values.title);
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const folder = path.join(RepoPaths.plugins, names.id);
if (fs.existsSync(folder)) fail(`plugins/${names.id} exists already; pick another id\n`);
const profileFile = values.profile === undefined ? undefined : path.join(RepoPaths.profiles, `${values.profile}.json`);
if (profileFile && !fs.existsSync(profileFile)) fail(`There is no profile config/profiles/${values.profile}.json\n`);

const files = kind ? credentialFiles(names, kind) : { ...commonFiles(names), ...serverFiles(names), ...webFiles(names), ...testFiles(names) };
for (const [file, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
  fs.writeFileSync(path.join(folder, file), text);
}

// The first migration comes from drizzle-kit, exactly as a later schema change would (a credential
// plugin has no table: the credentials plugin keeps every kind's rows).
const generated = kind
  ? { status: 0 }
  : spawnSync('npm', ['run', '--silent', 'db:generate', '--', names.id, '--name', 'baseline'], {
      cwd: path.dirname(RepoPaths.plugins),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
if (generated.status !== 0) fail(`drizzle-kit could not generate the first migration of ${names.id} (see above); plugins/${names.id} is left as written\n`);

if (profileFile) addToProfile(profileFile, names.id);

process.stdout.write(
  [
    `Created plugins/${names.id}/ (${Object.keys(files).length} files${kind ? '' : ' and its first migration'}).`,
    profileFile ? `Enabled in config/profiles/${values.profile}.json.` : `Enable it: add "${names.id}" to "plugins" in a profile (config/profiles/<name>.json), or run again with --profile default.`,
    kind
      ? `Next: npm run typecheck; node --import tsx --test plugins/${names.id}/tests/api/${names.id}.test.ts; change the DTO and the connection test to the provider's API (docs/sdk-guide.md, "Integration credentials").`
      : 'Next: npm run typecheck; npx jest plugins/' + names.id + `; node --import tsx --test plugins/${names.id}/tests/api/${names.id}.test.ts;`,
    'then make it yours (docs/sdk-guide.md, "Start from the scaffold").',
    'Once it is enabled in the default profile, run npm run docs:api: docs/api.md lists every route, and its test checks that.',
    '',
  ].join('\n'),
);

/** Appends the id to the profile's `plugins` list, changing only that line. */
function addToProfile(file: string, id: string): void {
  const text = fs.readFileSync(file, 'utf8');
  const list = /("plugins":\s*\[)([^\]]*)(\])/.exec(text);
  if (!list) fail(`${file} has no "plugins": [ … ] list to add ${id} to\n`);
  const ids = [...list[2].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  if (ids.includes(id)) return;
  const items = list[2].trim() === '' ? `"${id}"` : `${list[2].replace(/\s*$/, '')}, "${id}"`;
  fs.writeFileSync(file, text.slice(0, list.index) + list[1] + items + list[3] + text.slice(list.index + list[0].length));
}

function fail(message: string): never {
  process.stderr.write(message);
  process.exit(2);
}
