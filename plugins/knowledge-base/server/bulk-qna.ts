import { and, eq, sql, type DbExecutor } from '@civic/sdk/server';
import type { BulkQna, NamedIntent, QnaContent } from '../contract/server/bulk-qna';
import { intentCategories, intentLabels, intents, trainingPhrases } from './db/schema';
import { chunks, eachKey, inList } from './set-based';

const lowerName = sql`lower(${intents.displayName})`;

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The `BulkQna` service. */
export const bulkQna: BulkQna = {
  async named(db, appId, names) {
    const map = new Map<string, NamedIntent>();
    if (names.length === 0) return map;
    const keys = [...new Set(names.map((name) => name.toLowerCase()))];
    const rows = await db
      .select({ id: intents.id, name: intents.displayName, kind: intents.kind, responses: intents.responses })
      .from(intents)
      .where(and(eq(intents.appId, appId), inList(lowerName, keys, 'text')));
    const qnaIds = rows.filter((row) => row.kind === 'qna').map((row) => row.id);
    const phrases = new Map<string, string[]>();
    const categoryIds = new Map<string, string[]>();
    const labelIds = new Map<string, string[]>();
    if (qnaIds.length) {
      const phraseRows = await db
        .select({ intentId: trainingPhrases.intentId, text: trainingPhrases.text })
        .from(trainingPhrases)
        .where(inList(sql`${trainingPhrases.intentId}`, qnaIds, 'uuid'))
        .orderBy(trainingPhrases.intentId, trainingPhrases.position);
      for (const p of phraseRows) pushTo(phrases, p.intentId, p.text);
      for (const c of await db.select().from(intentCategories).where(inList(sql`${intentCategories.intentId}`, qnaIds, 'uuid'))) pushTo(categoryIds, c.intentId, c.categoryId);
      for (const l of await db.select().from(intentLabels).where(inList(sql`${intentLabels.intentId}`, qnaIds, 'uuid'))) pushTo(labelIds, l.intentId, l.labelId);
    }
    for (const row of rows) {
      map.set(row.name.toLowerCase(), {
        id: row.id,
        kind: row.kind,
        responses: row.responses,
        phrases: phrases.get(row.id) ?? [],
        categoryIds: categoryIds.get(row.id) ?? [],
        labelIds: labelIds.get(row.id) ?? [],
      });
    }
    return map;
  },

  async anyNamed(db, appId, names) {
    const keys = [...new Set(names.map((name) => name.toLowerCase()))];
    for (const part of chunks(keys)) {
      const taken = (await db.execute(
        sql`select 1 from ${eachKey(part, sql`select 1 from ${intents} t where t.app_id = ${appId} and lower(t.display_name) = k.key`)} limit 1`,
      )) as unknown as { rows: unknown[] };
      if (taken.rows.length > 0) return true;
    }
    return false;
  },

  async absent(db, appId, ids) {
    const missing: string[] = [];
    for (const part of chunks(ids)) {
      const rows = (await db.execute(
        sql`select k.key as id from ${eachKey(part, sql`select 1 as found from ${intents} t where t.id = k.key::uuid and t.app_id = ${appId}`, 'left')} where hit.found is null`,
      )) as unknown as { rows: Array<{ id: string }> };
      missing.push(...rows.rows.map((row) => row.id));
    }
    return missing;
  },

  async create(db, appId, pairs, stamp) {
    const taken: string[] = [];
    for (const part of chunks(pairs)) {
      const values = JSON.stringify(part.map((pair) => ({ name: pair.name, responses: pair.responses })));
      // A name taken meanwhile (the unique name index) is passed over, not an error.
      const made = (await db.execute(sql`insert into ${intents} (app_id, kind, display_name, responses, source_url, updated_at, updated_by)
        select ${appId}, 'qna', x.name, x.responses, ${stamp.sourceUrl}, ${stamp.now.toISOString()}::timestamptz, ${stamp.userId}::uuid
        from jsonb_to_recordset(${values}::jsonb) as x(name text, responses jsonb)
        on conflict do nothing
        returning id, display_name as name`)) as unknown as { rows: Array<{ id: string; name: string }> };
      const byName = new Map(made.rows.map((m) => [m.name.toLowerCase(), m.id]));
      const written = part.flatMap((pair) => {
        const id = byName.get(pair.name.toLowerCase());
        if (id) return [{ ...pair, id }];
        taken.push(pair.name);
        return [];
      });
      await insertContent(db, appId, written);
    }
    return { taken };
  },

  async update(db, appId, pairs, stamp) {
    const missing: string[] = [];
    for (const part of chunks(pairs)) {
      const values = JSON.stringify(part.map(({ id, responses }) => ({ id, responses })));
      const changed = (await db.execute(sql`update ${intents} set responses = x.responses, source_url = coalesce(${stamp.sourceUrl}, ${intents.sourceUrl}),
          updated_at = ${stamp.now.toISOString()}::timestamptz, updated_by = ${stamp.userId}::uuid, version = ${intents.version} + 1
        from jsonb_to_recordset(${values}::jsonb) as x(id uuid, responses jsonb)
        where ${intents.id} = x.id and ${intents.appId} = ${appId}
        returning ${intents.id}`)) as unknown as { rows: Array<{ id: string }> };
      const present = new Set(changed.rows.map((row) => row.id));
      const written = part.filter((pair) => present.has(pair.id));
      missing.push(...part.filter((pair) => !present.has(pair.id)).map((pair) => pair.id));
      if (written.length === 0) continue;
      const ids = written.map((pair) => pair.id);
      await db.delete(trainingPhrases).where(inList(sql`${trainingPhrases.intentId}`, ids, 'uuid'));
      await db.delete(intentCategories).where(inList(sql`${intentCategories.intentId}`, ids, 'uuid'));
      await db.delete(intentLabels).where(inList(sql`${intentLabels.intentId}`, ids, 'uuid'));
      await insertContent(db, appId, written);
    }
    return { missing };
  },
};

/** Phrases, categories and labels of these pairs: one statement each, the rows as one JSON parameter (binding thousands of parameters is what is slow). */
async function insertContent(db: DbExecutor, appId: string, pairs: ReadonlyArray<QnaContent & { id: string }>): Promise<void> {
  if (pairs.length === 0) return;
  const phrases = JSON.stringify(pairs.flatMap((pair) => pair.phrases.map((text, position) => ({ intent_id: pair.id, position, reference_id: `bulk-${position}`, text }))));
  await db.execute(sql`insert into ${trainingPhrases} (intent_id, app_id, position, reference_id, type, parts, text)
    select x.intent_id, ${appId}, x.position, x.reference_id, 'example', jsonb_build_array(jsonb_build_object('text', x.text)), x.text
    from jsonb_to_recordset(${phrases}::jsonb) as x(intent_id uuid, position int, reference_id text, text text)`);
  const cats = pairs.flatMap((pair) => pair.categoryIds.map((c) => ({ i: pair.id, c })));
  if (cats.length) await db.execute(sql`insert into ${intentCategories} (intent_id, category_id) select x.i, x.c from jsonb_to_recordset(${JSON.stringify(cats)}::jsonb) as x(i uuid, c uuid)`);
  const labs = pairs.flatMap((pair) => pair.labelIds.map((l) => ({ i: pair.id, l })));
  if (labs.length) await db.execute(sql`insert into ${intentLabels} (intent_id, label_id) select x.i, x.l from jsonb_to_recordset(${JSON.stringify(labs)}::jsonb) as x(i uuid, l uuid)`);
}
