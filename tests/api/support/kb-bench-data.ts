/**
 * `node --import tsx tests/api/support/kb-bench-data.ts <dataDir> <appId> <count> <password>`: an
 * embedded database with the demo seed plus `count` intents in the app (4/5 level 1, of which every
 * fifth a Q&A pair; the rest follow-ups), for the intents table benchmark (tests/bench).
 */
import { eq } from 'drizzle-orm';
import { loadConfig } from '@civic/core/server/config/load-config';
import { RepoPaths } from '@civic/core/server/config/repo-paths';
import { openDatabase } from '@civic/core/server/db/open-database';
import { intents, trainingPhrases } from './tables';
import { createLogger } from '@civic/core/server/logging/logger';
import { seedDemo } from '@civic/core/server/seed/seed-demo';
import { loadServerPlugins, pluginMigrations } from '../../../host/server/load-server-plugins';

const [dataDir, appId, countText, password] = process.argv.slice(2);
if (!dataDir || !appId || !countText || !password) throw new Error('usage: kb-bench-data.ts <dataDir> <appId> <count> <password>');
const count = Number(countText);

const config = loadConfig({ CIVIC_DATA_DIR: dataDir, CIVIC_EPHEMERAL_KEYS: '1', LOG_LEVEL: 'error' }, { needsKeys: false });
const plugins = await loadServerPlugins(config.profile.plugins, RepoPaths.plugins);
const database = await openDatabase(config.database, createLogger('error'), pluginMigrations(plugins));
try {
  await seedDemo(database.db, { password, profile: config.profile, now: new Date(), plugins, published: false, auditKey: config.keys.auditKey });
  const existing = await database.db.select({ id: intents.id }).from(intents).where(eq(intents.appId, appId));
  const roots = Math.floor(count * 0.8);
  const rootIds: string[] = [];
  for (let start = 0; start < roots; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, roots - start) }, (_, i) => ({
      appId,
      kind: ((start + i) % 5 === 0 ? 'qna' : 'intent') as 'intent' | 'qna',
      displayName: `Bench intent ${String(start + i).padStart(5, '0')}`,
    }));
    const inserted = await database.db.insert(intents).values(batch).returning({ id: intents.id, kind: intents.kind });
    rootIds.push(...inserted.filter((r) => r.kind === 'intent').map((r) => r.id));
    await database.db.insert(trainingPhrases).values(
      inserted.map((r, i) => ({ intentId: r.id, appId, position: 0, referenceId: `b${start + i}`, type: 'example' as const, parts: [{ text: `question number ${start + i}` }], text: `question number ${start + i}` })),
    );
  }
  const children = count - roots - existing.length;
  for (let start = 0; start < children; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, children - start) }, (_, i) => {
      const n = start + i;
      return { appId, kind: 'intent' as const, parentId: rootIds[Math.floor(n / 2) % rootIds.length], displayName: `Bench intent follow-up ${String(n).padStart(5, '0')}` };
    });
    await database.db.insert(intents).values(batch);
  }
} finally {
  await database.close();
}
