import { sql, type DbExecutor } from '@civic/sdk/server';
import type { EntityTypeByName, EntityTypesByName } from '../contract/server/entity-types-by-name';
import { entityTypes } from './db/schema';

const columns = sql.raw('x(name text, kind text, fuzzy boolean, entries jsonb)');

/** The last of each name (case-insensitive). */
const rowsOf = (types: readonly EntityTypeByName[]) => JSON.stringify([...new Map(types.map((t) => [t.name.toLowerCase(), t])).values()]);

async function addMissing(db: DbExecutor, appId: string, rows: string, now: Date): Promise<void> {
  await db.execute(sql`insert into ${entityTypes} (app_id, display_name, kind, enable_fuzzy_extraction, entries, created_at, updated_at)
    select ${appId}, x.name, x.kind, x.fuzzy, x.entries, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${rows}::jsonb) as ${columns}
    where not exists (select 1 from ${entityTypes} t where t.app_id = ${appId} and lower(t.display_name) = lower(x.name))`);
}

/** The `EntityTypesByName` service: one update and one insert, the types as one JSON parameter. */
export const entityTypesByName: EntityTypesByName = {
  async upsert(db, appId, types, now) {
    if (types.length === 0) return;
    const rows = rowsOf(types);
    await db.execute(sql`update ${entityTypes} t set kind = x.kind, enable_fuzzy_extraction = x.fuzzy, entries = x.entries, updated_at = ${now.toISOString()}::timestamptz, version = t.version + 1
      from jsonb_to_recordset(${rows}::jsonb) as ${columns}
      where t.app_id = ${appId} and lower(t.display_name) = lower(x.name)`);
    await addMissing(db, appId, rows, now);
  },
  async addMissing(db, appId, types, now) {
    if (types.length > 0) await addMissing(db, appId, rowsOf(types), now);
  },
};
