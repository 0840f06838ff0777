import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerModule } from '@civic/core/server/plugins/server-module';
import { ROOT } from './support/source-graph';

/**
 * A plugin's settings (its server module's `settings`) are documented in the README configuration
 * table, one row each, with the owning plugin, so an operator finds them beside core's variables.
 */
test("the README's configuration table lists every plugin setting with its default, and its plugin", async () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const missing: string[] = [];
  const seen: string[] = [];
  for (const id of readdirSync(join(ROOT, 'plugins')).sort()) {
    const entry = join(ROOT, 'plugins', id, 'server', 'index.ts');
    if (!existsSync(entry)) continue;
    const module = ((await import(entry)) as { default?: ServerModule }).default;
    for (const setting of Object.values(module?.settings ?? {})) {
      seen.push(setting.env);
      const row = `| \`${setting.env}\` | \`${setting.default}\` | ${setting.description} (plugin \`${id}\`) |`;
      if (!readme.includes(row)) missing.push(row);
    }
  }
  assert.ok(seen.length > 0, 'no plugin declares a setting: is the test reading the modules?');
  assert.deepEqual(missing, [], 'add (or correct) these rows in the README configuration table');
});
