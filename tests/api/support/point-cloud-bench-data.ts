/**
 * `node --import tsx tests/api/support/point-cloud-bench-data.ts <dataDir> <appId> <turns> <password>`:
 * an embedded database with the demo seed, where the app's conversations are replaced by `turns` turns
 * (sessions of five) spread over the default analytics range (the 30 days ending yesterday), and the
 * rollups built, as the minute job keeps them: the data of the point-cloud paint benchmark (tests/bench).
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '@civic/core/server/config/load-config';
import { RepoPaths } from '@civic/core/server/config/repo-paths';
import { openDatabase } from '@civic/core/server/db/open-database';
import { createLogger } from '@civic/core/server/logging/logger';
import { seedDemo } from '@civic/core/server/seed/seed-demo';
import { loadServerPlugins, pluginMigrations } from '../../../host/server/load-server-plugins';
import { resolveRange } from '../../../plugins/analytics/common/date-range';
import { refreshRollups } from '../../../plugins/analytics/server/rollup';
import { AnalyticsSettings } from '../../../plugins/analytics/server/settings';

const TURNS_PER_SESSION = 5;
const [dataDir, appId, turnsText, password] = process.argv.slice(2);
if (!dataDir || !appId || !turnsText || !password) throw new Error('usage: point-cloud-bench-data.ts <dataDir> <appId> <turns> <password>');
const sessions = Math.ceil(Number(turnsText) / TURNS_PER_SESSION);

const config = loadConfig({ CIVIC_DATA_DIR: dataDir, CIVIC_EPHEMERAL_KEYS: '1', LOG_LEVEL: 'error' }, { needsKeys: false });
const plugins = await loadServerPlugins(config.profile.plugins, RepoPaths.plugins);
const database = await openDatabase(config.database, createLogger('error'), pluginMigrations(plugins));
try {
  const now = new Date();
  await seedDemo(database.db, { password, profile: config.profile, now, plugins, published: false, auditKey: config.keys.auditKey });
  const db = database.db;
  const range = resolveRange({}, now, AnalyticsSettings.timeZone.default);
  // Each session starts early enough for its five turns, a minute apart, to end inside the range.
  const span = range.end.getTime() - range.start.getTime() - TURNS_PER_SESSION * 60_000;
  await db.execute(sql`delete from chat_sessions where app_id = ${appId}`);
  await db.execute(sql`insert into chat_sessions (id, app_id, environment, channel, state, created_at, updated_at, expires_at)
    select gen_random_uuid(), ${appId}, case when g % 10 = 0 then 'draft' else 'production' end,
      case when g % 3 = 0 then 'TELEGRAM' else 'PLATFORM_UNSPECIFIED' end, '{"contexts":[],"pending":null}'::jsonb, ts, ts, ts + interval '30 minutes'
    from (select g, ${range.start.toISOString()}::timestamptz + random() * ${span} * interval '1 millisecond' as ts from generate_series(1, ${sessions}::int) g) x`);
  // Confidence leans high, as a trained bot's does; below 0.3 the turn is a fallback.
  await db.execute(sql`insert into transcripts (app_id, session_id, environment, channel, data, trans_author, reply, confidence_score, intent_id, intent_name, fallback,
      top_matches, content_version, content_hash, thumbs_up, thumbs_down, review_status, created_at, updated_at)
    select s.app_id, s.id, s.environment, s.channel, 'question ' || k, 'user', '[]'::jsonb, c, null, case when c < 0.3 then null else 'Intent ' || (abs(hashtext(s.id::text)) + k) % 40 end,
      c < 0.3, '[]'::jsonb, 'v1', 'h', false, false, '', s.created_at + k * interval '1 minute', s.created_at + k * interval '1 minute'
    from (select s.*, k, power(random(), 0.4) as c from chat_sessions s cross join generate_series(0, ${TURNS_PER_SESSION - 1}::int) k where s.app_id = ${appId}) s`);
  await db.execute(sql`analyze transcripts`);
  await refreshRollups(db, appId, now);
} finally {
  await database.close();
}
