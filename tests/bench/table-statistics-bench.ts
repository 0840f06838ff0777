/**
 * What gathering the embedded database's statistics costs (issue 14: PGlite runs no autovacuum, so
 * the job runner analyses the tables a job changed, core/server/db/table-statistics.ts): an app of
 * 100,000 intents and 800,000 phrases written without statistics, then one refresh, timed per table,
 * while a caller pings the database every 5 ms — the longest ping is how long the refresh held the
 * one connection; then each table analysed at PostgreSQL's default target, for comparison. In-process, PGlite. `node --import tsx tests/bench/table-statistics-bench.ts [intents]`.
 */
import { sql } from 'drizzle-orm';
import { TableStatistics } from '@civic/core/server/db/table-statistics';
import { createLogger } from '@civic/core/server/logging/logger';
import { intents, trainingPhrases } from '../api/support/tables';
import { startTestServer } from '../api/support/test-server';

const APP = 'demo-plus';
const INTENTS = Number(process.argv[2] ?? 100_000);
const PHRASES = 8;

const t = await startTestServer();
try {
  const db = t.server.db.db;
  let started = performance.now();
  for (let from = 0; from < INTENTS; from += 10_000) {
    await db.execute(sql`insert into ${intents} (app_id, kind, display_name, responses)
      select ${APP}, 'qna', 'Bench intent ' || g, '[{"platform":"PLATFORM_UNSPECIFIED","messages":[{"type":"text","text":["An answer."]}]}]'::jsonb
      from generate_series(${from}::int, ${Math.min(INTENTS, from + 10_000) - 1}::int) g`);
  }
  await db.execute(sql`insert into ${trainingPhrases} (intent_id, app_id, position, reference_id, type, parts, text)
    select i.id, ${APP}, p, 'r' || p, 'example', jsonb_build_array(jsonb_build_object('text', i.display_name || ' phrase ' || p)), i.display_name || ' phrase ' || p
    from ${intents} i, generate_series(0, ${PHRASES - 1}) p where i.app_id = ${APP}`);
  console.log(`wrote ${INTENTS} intents, ${INTENTS * PHRASES} phrases in ${Math.round(performance.now() - started)} ms`);

  let pinging = true;
  let longest = 0;
  const pings = (async () => {
    while (pinging) {
      const sent = performance.now();
      await t.server.db.ping();
      longest = Math.max(longest, performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  started = performance.now();
  const analysed = await new TableStatistics(t.server.db, createLogger('silent')).refresh();
  const total = performance.now() - started;
  pinging = false;
  await pings;
  for (const table of analysed) console.log(`analyze ${table.name}: ${table.ms} ms`);
  console.log(`refresh: ${analysed.length} tables in ${Math.round(total)} ms; longest ping meanwhile ${Math.round(longest)} ms`);
  const again = performance.now();
  console.log(`a refresh with nothing stale: ${(await new TableStatistics(t.server.db, createLogger('silent')).refresh()).length} tables, ${Math.round(performance.now() - again)} ms`);
  // For comparison: the same tables at PostgreSQL's default statistics target (100: samples 30,000 rows).
  for (const table of analysed) {
    const at = performance.now();
    await t.server.db.executeSql(`analyze ${table.name}`);
    console.log(`at the default target: analyze ${table.name}: ${Math.round(performance.now() - at)} ms`);
  }
} finally {
  await t.close();
}
