import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { permissionId } from '@civic/core/common/access';
import { pluginIds, ROOT } from './support/source-graph';

/**
 * STYLE rule 1 and 13: a plugin's permissions are named, each id prefixed by the plugin's id, and no
 * two plugins claim the same id — so the ids listed in docs/api.md say whose rule guards a route.
 */
test("every permission a plugin exports is named after the plugin, and unique", async () => {
  const owners = new Map<string, string>();
  const problems: string[] = [];
  for (const id of pluginIds()) {
    const file = join(ROOT, 'plugins', id, 'common', 'permissions.ts');
    if (!existsSync(file)) continue;
    const exported = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      if (typeof value !== 'function') continue;
      const permission = permissionId(value as never);
      // Building blocks a plugin composes (tier flags) may stay anonymous; what its routes use is named.
      if (!permission) continue;
      if (!permission.startsWith(`${id}.`)) problems.push(`plugins/${id}: ${name} is "${permission}", not "${id}.…"`);
      const owner = owners.get(permission);
      if (owner && owner !== id) problems.push(`"${permission}" is declared by both ${owner} and ${id}`);
      owners.set(permission, id);
    }
  }
  assert.ok(owners.size > 10, `only ${owners.size} named permissions found`);
  assert.deepEqual(problems, []);
});
