import type { Database } from './database';
import type { Logger } from '../logging/logger';

/**
 * PostgreSQL's autovacuum analyses a table once the rows changed since its last ANALYZE pass
 * `autovacuum_analyze_threshold` + `autovacuum_analyze_scale_factor` × its rows (50 + 10 %). PGlite
 * runs no autovacuum, so on the embedded database no table ever had statistics: the planner guessed
 * a few rows for an app's 2,400 intents and 100 for a list of 5,000 names, and chose a nested loop
 * comparing every intent with every name (4 s a statement; issue 14). Here the same rule is applied
 * by the server itself, on PGlite only — PostgreSQL's own autovacuum does it there within a minute,
 * and its counters reach `pg_stat_user_tables` only when the connection that wrote flushes them.
 */
const THRESHOLD = 50;
const SCALE_FACTOR = 0.1;
/**
 * Columns' statistics of 10 entries (PostgreSQL's default is 100): ANALYZE then samples 3,000 rows
 * instead of 30,000. What the planner lacked was the tables' sizes and an app's share of them, which
 * this keeps; on 100,000 intents and 800,000 phrases it took the ANALYZE of each, all that time
 * holding the one connection, from 0.4–7 s to 0.07–0.8 s (load 3–21; tests/bench/table-statistics-bench.ts).
 */
const STATISTICS_TARGET = 10;

/**
 * Schema-qualified names of the tables to analyse now: changed past autovacuum's threshold, or never
 * analysed and not empty (by size: the change counters may not have survived a restart).
 */
const STALE_TABLES = `select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.n_mod_since_analyze > ${THRESHOLD} + ${SCALE_FACTOR} * greatest(c.reltuples, 0)
     or (c.reltuples < 0 and pg_relation_size(c.oid) > 0)
  order by s.n_mod_since_analyze desc`;

export interface AnalysedTable {
  name: string;
  ms: number;
}

/**
 * The statistics of the embedded database's tables kept as autovacuum would keep them: `refresh()`
 * analyses every table changed past the threshold, one ANALYZE a table (each a statement of its
 * own, so requests queued meanwhile run between them; ANALYZE reads a sample of 3,000 rows, whatever
 * the table's size). Called at start, after each job that ended and every minute
 * (the job runner); one refresh at a time. A no-op on PostgreSQL.
 */
export class TableStatistics {
  #running: Promise<AnalysedTable[]> | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {}

  /** Analyses the stale tables (none on PostgreSQL); a refresh already running is awaited instead of starting another. */
  refresh(): Promise<AnalysedTable[]> {
    if (this.database.kind !== 'pglite') return Promise.resolve([]);
    this.#running ??= this.#analyseStale().finally(() => (this.#running = undefined));
    return this.#running;
  }

  async #analyseStale(): Promise<AnalysedTable[]> {
    const { rows } = await this.database.executeSql(STALE_TABLES, []);
    const analysed: AnalysedTable[] = [];
    for (const { name } of rows as Array<{ name: string }>) {
      const started = performance.now();
      await this.database.executeSql(`set default_statistics_target = ${STATISTICS_TARGET}; analyze ${name}; reset default_statistics_target`);
      analysed.push({ name, ms: Math.round(performance.now() - started) });
    }
    if (analysed.length) this.log.info({ tables: analysed }, 'table statistics gathered (PGlite has no autovacuum)');
    return analysed;
  }
}
