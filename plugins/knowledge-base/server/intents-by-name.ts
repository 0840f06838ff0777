import { sql, type DbExecutor } from '@civic/sdk/server';
import type { IntentByName, IntentsByName } from '../contract/server/intents-by-name';
import { glossaryTerms, intentCategories, intentLabels, intents, trainingPhrases } from './db/schema';
import { chunks, inList, lastByName, textArray } from './set-based';

const intentColumns = sql.raw(
  'x(name text, kind text, default_kind text, webhook_state text, action text, events jsonb, input_contexts jsonb, output_contexts jsonb, parameters jsonb, responses jsonb, answer_owner text, source_url text, review_by date)',
);
const termColumns = sql.raw('x(term text, synonyms jsonb, definition text)');

type Written = { rows: Array<{ id: string; name: string }> };

/** One slice of intents updated where the app has the name and inserted where it does not: their ids by lower-case name, and which were replaced. */
async function writeIntents(db: DbExecutor, appId: string, part: IntentByName[], stamp: { userId: string | null; now: Date }) {
  const at = stamp.now.toISOString();
  const rows = JSON.stringify(
    part.map((i) => ({
      name: i.name,
      kind: i.kind,
      default_kind: i.defaultKind,
      webhook_state: i.webhook_state,
      action: i.action,
      events: i.events,
      input_contexts: i.inputContexts,
      output_contexts: i.outputContexts,
      parameters: i.parameters,
      responses: i.responses,
      answer_owner: i.answerOwner,
      source_url: i.sourceUrl,
      review_by: i.reviewBy,
    })),
  );
  const updated = (await db.execute(sql`update ${intents} t set kind = x.kind, default_kind = x.default_kind, webhook_state = x.webhook_state, action = x.action,
      events = ${textArray('x.events')}, input_contexts = ${textArray('x.input_contexts')}, output_contexts = x.output_contexts, parameters = x.parameters,
      responses = x.responses, answer_owner = x.answer_owner, source_url = x.source_url, review_by = x.review_by,
      updated_at = ${at}::timestamptz, updated_by = ${stamp.userId}::uuid, version = t.version + 1
    from jsonb_to_recordset(${rows}::jsonb) as ${intentColumns}
    where t.app_id = ${appId} and lower(t.display_name) = lower(x.name)
    returning t.id, t.display_name as name`)) as unknown as Written;
  const inserted = (await db.execute(sql`insert into ${intents} (app_id, display_name, kind, default_kind, webhook_state, action, events, input_contexts, output_contexts,
      parameters, responses, answer_owner, source_url, review_by, updated_at, updated_by)
    select ${appId}, x.name, x.kind, x.default_kind, x.webhook_state, x.action, ${textArray('x.events')}, ${textArray('x.input_contexts')}, x.output_contexts,
      x.parameters, x.responses, x.answer_owner, x.source_url, x.review_by, ${at}::timestamptz, ${stamp.userId}::uuid
    from jsonb_to_recordset(${rows}::jsonb) as ${intentColumns}
    where not exists (select 1 from ${intents} t where t.app_id = ${appId} and lower(t.display_name) = lower(x.name))
    returning id, display_name as name`)) as unknown as Written;
  return { updated: updated.rows, inserted: inserted.rows };
}

/** The `IntentsByName` service. */
export const intentsByName: IntentsByName = {
  async upsert(db, appId, given, stamp) {
    const all = lastByName(given, (i) => i.name);
    const ids = new Map<string, string>();
    const replaced: string[] = [];
    for (const part of chunks(all)) {
      const { updated, inserted } = await writeIntents(db, appId, part, stamp);
      for (const row of updated) {
        ids.set(row.name.toLowerCase(), row.id);
        replaced.push(row.id);
      }
      for (const row of inserted) ids.set(row.name.toLowerCase(), row.id);
    }
    // What a replaced intent had is replaced by what it is given.
    for (const part of chunks(replaced)) {
      await db.delete(trainingPhrases).where(inList(sql`${trainingPhrases.intentId}`, part, 'uuid'));
      await db.delete(intentCategories).where(inList(sql`${intentCategories.intentId}`, part, 'uuid'));
      await db.delete(intentLabels).where(inList(sql`${intentLabels.intentId}`, part, 'uuid'));
    }
    const idOf = (name: string) => ids.get(name.toLowerCase());
    const phrases = all.flatMap((intent) =>
      intent.trainingPhrases.map((phrase, position) => ({
        intent_id: idOf(intent.name),
        position,
        reference_id: phrase.reference_id,
        type: phrase.type,
        parts: phrase.parts,
        text: phrase.text,
        entity_types: [...new Set(phrase.parts.flatMap((p) => (p.entity_type ? [p.entity_type] : [])))],
      })),
    );
    for (const part of chunks(phrases)) {
      await db.execute(sql`insert into ${trainingPhrases} (intent_id, app_id, position, reference_id, type, parts, text, entity_types)
        select x.intent_id, ${appId}, x.position, x.reference_id, x.type, x.parts, x.text, ${textArray('x.entity_types')}
        from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as x(intent_id uuid, position int, reference_id text, type text, parts jsonb, text text, entity_types jsonb)`);
    }
    const links = (classIds: (intent: IntentByName) => string[]) => all.flatMap((intent) => [...new Set(classIds(intent))].map((to) => ({ i: idOf(intent.name), to })));
    for (const part of chunks(links((i) => i.categoryIds))) {
      await db.execute(sql`insert into ${intentCategories} (intent_id, category_id) select x.i, x.to from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as x(i uuid, "to" uuid)`);
    }
    for (const part of chunks(links((i) => i.labelIds))) {
      await db.execute(sql`insert into ${intentLabels} (intent_id, label_id) select x.i, x.to from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as x(i uuid, "to" uuid)`);
    }
    const parents = all.map((intent) => {
      const id = idOf(intent.name);
      const parent = intent.parentName ? (idOf(intent.parentName) ?? null) : null;
      return { id, parent: parent === id ? null : parent };
    });
    for (const part of chunks(parents)) {
      await db.execute(sql`update ${intents} t set parent_id = x.parent from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as x(id uuid, parent uuid) where t.id = x.id`);
    }
  },

  async linkParents(db, appId, links) {
    for (const part of chunks(lastByName(links, (link) => link.name))) {
      await db.execute(sql`update ${intents} t set parent_id = case when p.id = t.id then null else p.id end
        from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as x(name text, "parentName" text)
        left join ${intents} p on p.app_id = ${appId} and lower(p.display_name) = lower(x."parentName")
        where t.app_id = ${appId} and lower(t.display_name) = lower(x.name)`);
    }
  },

  async upsertGlossary(db, appId, given, now) {
    if (given.length === 0) return;
    const at = now.toISOString();
    const terms = JSON.stringify(lastByName(given, (g) => g.term));
    await db.execute(sql`update ${glossaryTerms} t set synonyms = ${textArray('x.synonyms')}, definition = x.definition, updated_at = ${at}::timestamptz, version = t.version + 1
      from jsonb_to_recordset(${terms}::jsonb) as ${termColumns}
      where t.app_id = ${appId} and lower(t.term) = lower(x.term)`);
    await db.execute(sql`insert into ${glossaryTerms} (app_id, term, synonyms, definition)
      select ${appId}, x.term, ${textArray('x.synonyms')}, x.definition from jsonb_to_recordset(${terms}::jsonb) as ${termColumns}
      where not exists (select 1 from ${glossaryTerms} t where t.app_id = ${appId} and lower(t.term) = lower(x.term))`);
  },
};
