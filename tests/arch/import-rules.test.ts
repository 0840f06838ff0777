import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { listSources, pluginIds, pluginOf, readSource, ROOT, tierOf, type SourceFile } from './support/source-graph';

/**
 * The import rules of the architecture (docs/architecture.md), checked on every source file:
 * a violation names the file, the line and the rule.
 */
const files: SourceFile[] = listSources().map(readSource);
const NODE_BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
/** Packages that run the same in a browser and in Node, and so may appear in `common`. */
const ISOMORPHIC_PACKAGES = ['class-validator', 'class-transformer', 'reflect-metadata', '@zxcvbn-ts/language-common', 're2js', 'papaparse', 'bowser'];
const TEST_RUNNER_MODULES = ['node:test', 'node:assert', 'node:assert/strict'];

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function violations(check: (file: SourceFile) => string[]): string[] {
  return files.flatMap(check);
}

test('the tree has sources to check', () => {
  assert.ok(files.length > 20, `only ${files.length} files found`);
  assert.ok(files.some((f) => f.path.startsWith('plugins/')), 'no plugin files found');
});

test('common imports nothing platform-specific', () => {
  const found = violations((file) => {
    if (tierOf(file.path) !== 'common') return [];
    return file.imports.flatMap((edge) => {
      if (edge.target !== null) {
        const tier = tierOf(edge.target);
        return tier === 'web' || tier === 'server' ? [`${file.path}:${edge.line} imports ${tier} code (${edge.specifier})`] : [];
      }
      if (edge.typeOnly) return [];
      if (NODE_BUILTINS.has(edge.specifier)) return [`${file.path}:${edge.line} imports Node's ${edge.specifier}`];
      const pkg = packageName(edge.specifier);
      return ISOMORPHIC_PACKAGES.includes(pkg) ? [] : [`${file.path}:${edge.line} imports ${pkg}, which is not isomorphic`];
    });
  });
  assert.deepEqual(found, []);
});

test('web and server never import each other', () => {
  const found = violations((file) => {
    const tier = tierOf(file.path);
    if (tier !== 'web' && tier !== 'server') return [];
    const other = tier === 'web' ? 'server' : 'web';
    return file.imports
      .filter((edge) => edge.target !== null && tierOf(edge.target) === other)
      .map((edge) => `${file.path}:${edge.line} (${tier}) imports ${other} code ${edge.specifier}`);
  });
  assert.deepEqual(found, []);
});

test('web code never imports Node built-ins', () => {
  const found = violations((file) =>
    tierOf(file.path) === 'web'
      ? file.imports.filter((e) => !e.typeOnly && NODE_BUILTINS.has(e.specifier)).map((e) => `${file.path}:${e.line} imports ${e.specifier}`)
      : [],
  );
  assert.deepEqual(found, []);
});

/**
 * The ids a plugin's manifest lists in `requires` and `uses` (read from its source, like the rest of
 * this test): the plugins whose contracts it may build on.
 */
function dependenciesOf(plugin: string): string[] {
  const manifest = files.find((f) => f.path === `plugins/${plugin}/plugin.ts`);
  const listed = (key: string) => [...(manifest?.text.match(new RegExp(`\\b${key}:\\s*\\[([^\\]]*)\\]`))?.[1] ?? '').matchAll(/'([a-z0-9-]+)'/g)].map((m) => m[1]);
  // defineCredentialPlugin (@civic/sdk/credentials) makes a manifest that requires the credentials plugin.
  const credential = manifest?.text.includes('defineCredentialPlugin(') ? ['credentials'] : [];
  return [...credential, ...listed('requires'), ...listed('uses')];
}


test("a plugin imports only the sdk, itself, and the contract of a plugin it requires or uses", () => {
  const found = violations((file) => {
    const plugin = pluginOf(file.path);
    if (!plugin) return [];
    // A plugin's tests: beside the code (*.test.ts[x]) or its API tests and matrix rows in tests/.
    const isTest = /\.test\.tsx?$/.test(file.path) || file.path.startsWith(`plugins/${plugin}/tests/`);
    const required = dependenciesOf(plugin);
    return file.imports.flatMap((edge) => {
      // Tests may name the test runner they run under; nothing else comes from outside (the sdk's
      // testing helpers, @civic/sdk/testing and @civic/sdk/testing/server, are sdk like the rest).
      if (isTest && TEST_RUNNER_MODULES.includes(edge.specifier)) return [];
      if (edge.target === null) return [`${file.path}:${edge.line} imports the package ${edge.specifier} directly (use @civic/sdk)`];
      if (edge.target.startsWith('sdk/')) return [];
      if (edge.target.startsWith(`plugins/${plugin}/`)) return [];
      const contractOf = edge.target.match(/^plugins\/([^/]+)\/contract\//)?.[1];
      if (contractOf && required.includes(contractOf)) return [];
      if (contractOf) return [`${file.path}:${edge.line} uses the contract of ${contractOf}, which plugins/${plugin}/plugin.ts does not list in requires or uses`];
      return [`${file.path}:${edge.line} reaches outside its plugin, the sdk and the contracts it requires or uses: ${edge.specifier}`];
    });
  });
  assert.deepEqual(found, []);
});

/**
 * A plugin reaches another's data through the owner's services and events, never its tables. The
 * files below still import a `contract/server/tables.ts` (each a table export of its owner); the list
 * only shrinks — see docs/sdk-guide.md §7 for why each is left.
 */
const TABLE_READERS_LEFT = new Set([
  // A foreign key: intent_categories/intent_labels reference classification's tables in the schema (no read).
  'plugins/knowledge-base/server/db/intent-classification.ts',
]);

test("no plugin imports another plugin's tables, but the files still listed", () => {
  const found = violations((file) => {
    const plugin = pluginOf(file.path);
    if (!plugin) return [];
    return file.imports
      .filter((edge) => edge.target !== null && /^plugins\/([^/]+)\/contract\/server\/tables(\.ts)?$/.test(edge.target) && !edge.target.startsWith(`plugins/${plugin}/`))
      .filter(() => !TABLE_READERS_LEFT.has(file.path))
      .map((edge) => `${file.path}:${edge.line} imports the tables of another plugin (${edge.specifier}): use a service of its contract`);
  });
  assert.deepEqual(found, []);
  const stale = [...TABLE_READERS_LEFT].filter((path) => !files.some((f) => f.path === path && f.imports.some((edge) => /contract\/server\/tables/.test(edge.target ?? ''))));
  assert.deepEqual(stale, [], 'listed files that no longer import a table export: take them off the list');
});

/**
 * A contract builds on the sdk, its own plugin and the contracts of the plugins it requires (the
 * knowledge snapshot names the entities plugin's entity kinds): never on core or anything else.
 */
test("a plugin's contract exposes only the contract, what it re-exports from its own plugin and the contracts it requires", () => {
  const found = violations((file) => {
    const plugin = pluginOf(file.path);
    if (!plugin || !file.path.startsWith(`plugins/${plugin}/contract/`)) return [];
    const required = dependenciesOf(plugin);
    return file.imports
      .filter((edge) => edge.target !== null && !edge.target.startsWith('sdk/') && !edge.target.startsWith(`plugins/${plugin}/`))
      .filter((edge) => !required.includes(edge.target?.match(/^plugins\/([^/]+)\/contract\//)?.[1] ?? ''))
      .map((edge) => `${file.path}:${edge.line} imports ${edge.specifier}`);
  });
  assert.deepEqual(found, []);
});

/** The tables core owns; any other belongs in the plugin that writes it. */
const CORE_TABLES = [
  'agencies', 'app_members', 'apps', 'audit_log', 'feature_flags', 'jobs', 'login_failures', 'login_nonces', 'one_time_links',
  'otp_challenges', 'outbox', 'rate_limits', 'sessions', 'sso_flows', 'sso_identities', 'tier_limits', 'users',
];

test('core holds no plugin table, in its schema or its migrations', () => {
  const schemaFiles = files.filter((f) => f.path.startsWith('core/server/db/schema/'));
  const declared = schemaFiles.flatMap((f) => [...f.text.matchAll(/pgTable\(\s*'([a-z_]+)'/g)].map((m) => m[1]));
  assert.deepEqual(declared.filter((name) => !CORE_TABLES.includes(name)), []);
  const migrations = readdirSync(join(ROOT, 'core/server/db/migrations')).filter((name) => name.endsWith('.sql'));
  const created = migrations.flatMap((name) => [...readFileSync(join(ROOT, 'core/server/db/migrations', name), 'utf8').matchAll(/CREATE TABLE "([a-z_]+)"/g)].map((m) => m[1]));
  assert.deepEqual(created.filter((name) => !CORE_TABLES.includes(name)), []);
});

/** The scaffold's templates hold a new plugin's files as text, its table among them. */
const SCAFFOLD_TEMPLATES = 'sdk/scaffold/templates/';

test("a plugin's tables are declared in its server/db folder only", () => {
  const found = violations((file) =>
    /pgTable\(/.test(file.text) &&
    !file.path.startsWith('core/server/db/schema/') &&
    !/^plugins\/[^/]+\/server\/db\//.test(file.path) &&
    !file.path.startsWith(SCAFFOLD_TEMPLATES)
      ? [`${file.path} declares a table outside core/server/db/schema and plugins/<id>/server/db`]
      : [],
  );
  assert.deepEqual(found, []);
});

test('core, sdk and host never name a plugin', () => {
  const ids = pluginIds();
  const found = violations((file) => {
    if (pluginOf(file.path) || file.path.endsWith('.test.ts') || file.path.endsWith('.test.tsx')) return [];
    const byImport = file.imports
      .filter((edge) => edge.target?.startsWith('plugins/'))
      .map((edge) => `${file.path}:${edge.line} imports plugin code ${edge.specifier}`);
    const byPath = ids
      .filter((id) => file.text.includes(`plugins/${id}`))
      .map((id) => `${file.path} names plugins/${id}`);
    return [...byImport, ...byPath];
  });
  assert.deepEqual(found, []);
});

/**
 * Plugin domain that core and the sdk used to hold; it is the plugins' (their contracts) now, and
 * the sdk re-exports none of it (docs/sdk-guide.md, "The knowledge model").
 */
const FORMER_PLUGIN_DOMAIN = [
  'core/common/knowledge/', 'core/common/responses/', 'core/server/knowledge/', 'core/server/responses/',
  'sdk/common/knowledge.ts', 'sdk/common/responses.ts', 'sdk/web/responses/',
];

test('core and the sdk hold no knowledge or response-message model', () => {
  const found = files.filter((f) => FORMER_PLUGIN_DOMAIN.some((place) => f.path.startsWith(place))).map((f) => f.path);
  assert.deepEqual(found, []);
});

test('core never imports the sdk (the sdk is built on core, not the other way)', () => {
  const found = violations((file) =>
    file.path.startsWith('core/')
      ? file.imports.filter((e) => e.target?.startsWith('sdk/')).map((e) => `${file.path}:${e.line} imports ${e.specifier}`)
      : [],
  );
  assert.deepEqual(found, []);
});

test("components observe stores through core's observer, not mobx-react-lite's (its updates render in one synchronous piece)", () => {
  const found = violations((file) =>
    file.path === 'core/web/mobx/observer.ts' || file.path === 'sdk/web/mobx.ts'
      ? []
      : file.imports.filter((e) => e.specifier === 'mobx-react-lite').map((e) => `${file.path}:${e.line} imports mobx-react-lite`),
  );
  assert.deepEqual(found, []);
});

test('every plugin has a plugin.ts manifest and a kebab-case id', () => {
  for (const id of pluginIds()) {
    assert.match(id, /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, `plugin folder ${id}`);
    assert.ok(files.some((f) => f.path === `plugins/${id}/plugin.ts`), `plugins/${id}/plugin.ts is missing`);
  }
});

test('file names are kebab-case', () => {
  const bad = files
    .map((f) => f.path.split('/').pop() ?? '')
    .filter((name) => !/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)*\.(ts|tsx)$/.test(name));
  assert.deepEqual(bad, []);
});

test('no export * in our own barrels (third-party re-exports in sdk are the exception)', () => {
  const found = violations((file) =>
    file.imports
      .filter((edge) => edge.target !== null && new RegExp(`export \\* from '${edge.specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}'`).test(file.text))
      .map((edge) => `${file.path}:${edge.line} re-exports everything of ${edge.specifier}`),
  );
  assert.deepEqual(found, []);
});
