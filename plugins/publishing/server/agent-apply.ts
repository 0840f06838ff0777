import { sql, type DbExecutor } from '@civic/sdk/server';
import type { IntentCounts } from '../../knowledge-base/contract/server/index';
import { categories, labels } from '../../classification/contract/server/tables';
import { entityTypes } from '../../entities/contract/server/tables';
import { glossaryTerms, intentCategories, intentLabels, intents, trainingPhrases } from '../../knowledge-base/contract/server/tables';
import type { ImportedAgent, ImportedIntent } from './agent-model';
import { chunks, idsByName, inList } from './set-based';
import { assertIntentRoomInJob, newIntentNames } from './intent-limit';

/** The last of each name (case-insensitive): a file naming a thing twice means its last version. */
function lastByName<T>(items: T[], nameOf: (item: T) => string): T[] {
  return [...new Map(items.map((item) => [nameOf(item).toLowerCase(), item])).values()];
}

const textArray = (column: string) => sql.raw(`array(select jsonb_array_elements_text(${column}))`);

/**
 * Upserts the agent into the app's draft by name (intents, entities, glossary, classification):
 * re-running it changes nothing. Set-based — a few statements per kind of thing, each carrying its
 * rows as one JSON parameter — so the job's transaction lasts as long as the writes themselves.
 */
export async function applyAgent(
  intentCounts: IntentCounts,
  db: DbExecutor,
  appId: string,
  agent: ImportedAgent,
  userId: string | null,
  now: Date,
  progress: (percent: number, counts?: Record<string, number>) => void,
): Promise<Record<string, number>> {
  const stamp = now.toISOString();
  await assertIntentRoomInJob(intentCounts, db, appId, await newIntentNames(intentCounts, db, appId, agent.intents.map((intent) => intent.name)));
  const categoryIds = await idsByName(db, appId, categories, agent.categories);
  const labelIds = await idsByName(db, appId, labels, agent.labels);

  const entities = JSON.stringify(lastByName(agent.entityTypes, (e) => e.name).map((e) => ({ name: e.name, kind: e.kind, fuzzy: e.fuzzy, entries: e.entries })));
  const entityColumns = sql.raw('x(name text, kind text, fuzzy boolean, entries jsonb)');
  await db.execute(sql`update ${entityTypes} t set kind = x.kind, enable_fuzzy_extraction = x.fuzzy, entries = x.entries, updated_at = ${stamp}::timestamptz, version = t.version + 1
    from jsonb_to_recordset(${entities}::jsonb) as ${entityColumns}
    where t.app_id = ${appId} and lower(t.display_name) = lower(x.name)`);
  await db.execute(sql`insert into ${entityTypes} (app_id, display_name, kind, enable_fuzzy_extraction, entries)
    select ${appId}, x.name, x.kind, x.fuzzy, x.entries from jsonb_to_recordset(${entities}::jsonb) as ${entityColumns}
    where not exists (select 1 from ${entityTypes} t where t.app_id = ${appId} and lower(t.display_name) = lower(x.name))`);

  const terms = JSON.stringify(lastByName(agent.glossary, (g) => g.term));
  const termColumns = sql.raw('x(term text, synonyms jsonb, definition text)');
  await db.execute(sql`update ${glossaryTerms} t set synonyms = ${textArray('x.synonyms')}, definition = x.definition, updated_at = ${stamp}::timestamptz, version = t.version + 1
    from jsonb_to_recordset(${terms}::jsonb) as ${termColumns}
    where t.app_id = ${appId} and lower(t.term) = lower(x.term)`);
  await db.execute(sql`insert into ${glossaryTerms} (app_id, term, synonyms, definition)
    select ${appId}, x.term, ${textArray('x.synonyms')}, x.definition from jsonb_to_recordset(${terms}::jsonb) as ${termColumns}
    where not exists (select 1 from ${glossaryTerms} t where t.app_id = ${appId} and lower(t.term) = lower(x.term))`);
  progress(15);

  const all = lastByName(agent.intents, (i) => i.name);
  const intentColumns = sql.raw(
    'x(name text, kind text, default_kind text, webhook_state text, action text, events jsonb, input_contexts jsonb, output_contexts jsonb, parameters jsonb, responses jsonb, answer_owner text, source_url text, review_by date)',
  );
  const ids = new Map<string, string>();
  const replaced: string[] = [];
  for (const part of chunks(all)) {
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
        updated_at = ${stamp}::timestamptz, updated_by = ${userId}::uuid, version = t.version + 1
      from jsonb_to_recordset(${rows}::jsonb) as ${intentColumns}
      where t.app_id = ${appId} and lower(t.display_name) = lower(x.name)
      returning t.id, t.display_name as name`)) as unknown as { rows: Array<{ id: string; name: string }> };
    const inserted = (await db.execute(sql`insert into ${intents} (app_id, display_name, kind, default_kind, webhook_state, action, events, input_contexts, output_contexts,
        parameters, responses, answer_owner, source_url, review_by, updated_at, updated_by)
      select ${appId}, x.name, x.kind, x.default_kind, x.webhook_state, x.action, ${textArray('x.events')}, ${textArray('x.input_contexts')}, x.output_contexts,
        x.parameters, x.responses, x.answer_owner, x.source_url, x.review_by, ${stamp}::timestamptz, ${userId}::uuid
      from jsonb_to_recordset(${rows}::jsonb) as ${intentColumns}
      where not exists (select 1 from ${intents} t where t.app_id = ${appId} and lower(t.display_name) = lower(x.name))
      returning id, display_name as name`)) as unknown as { rows: Array<{ id: string; name: string }> };
    for (const row of updated.rows) {
      ids.set(row.name.toLowerCase(), row.id);
      replaced.push(row.id);
    }
    for (const row of inserted.rows) ids.set(row.name.toLowerCase(), row.id);
  }
  progress(40, { intents: ids.size });
  // What an updated intent had is replaced by what the file says.
  for (const part of chunks(replaced)) {
    await db.delete(trainingPhrases).where(inList(sql`${trainingPhrases.intentId}`, part, 'uuid'));
    await db.delete(intentCategories).where(inList(sql`${intentCategories.intentId}`, part, 'uuid'));
    await db.delete(intentLabels).where(inList(sql`${intentLabels.intentId}`, part, 'uuid'));
  }
  const phrases = all.flatMap((intent) =>
    intent.trainingPhrases.map((phrase, position) => ({
      intent_id: ids.get(intent.name.toLowerCase()),
      position,
      reference_id: phrase.reference_id,
      type: phrase.type,
      parts: phrase.parts,
      text: phrase.text,
      entity_types: [...new Set(phrase.parts.flatMap((part) => (part.entity_type ? [part.entity_type] : [])))],
    })),
  );
  for (const part of chunks(phrases)) {
    await db.execute(sql`insert into ${trainingPhrases} (intent_id, app_id, position, reference_id, type, parts, text, entity_types)
      select x.intent_id, ${appId}, x.position, x.reference_id, x.type, x.parts, x.text, ${textArray('x.entity_types')}
      from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as x(intent_id uuid, position int, reference_id text, type text, parts jsonb, text text, entity_types jsonb)`);
  }
  progress(75);
  const links = (names: (intent: ImportedIntent) => string[], known: Map<string, string>) =>
    all.flatMap((intent) => [...new Set(names(intent).map((name) => known.get(name.toLowerCase())).filter((x): x is string => Boolean(x)))].map((to) => ({ i: ids.get(intent.name.toLowerCase()), to })));
  for (const part of chunks(links((i) => i.categories, categoryIds))) {
    await db.execute(sql`insert into ${intentCategories} (intent_id, category_id) select x.i, x.to from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as x(i uuid, "to" uuid)`);
  }
  for (const part of chunks(links((i) => i.labels, labelIds))) {
    await db.execute(sql`insert into ${intentLabels} (intent_id, label_id) select x.i, x.to from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as x(i uuid, "to" uuid)`);
  }
  const parents = all.map((intent) => {
    const id = ids.get(intent.name.toLowerCase());
    const parentId = intent.parentName ? (ids.get(intent.parentName.toLowerCase()) ?? null) : null;
    return { id, parent: parentId === id ? null : parentId };
  });
  for (const part of chunks(parents)) {
    await db.execute(sql`update ${intents} t set parent_id = x.parent from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as x(id uuid, parent uuid) where t.id = x.id`);
  }
  progress(95, { intents: all.length });
  return {
    intents: agent.intents.length,
    phrases: agent.intents.reduce((sum, intent) => sum + intent.trainingPhrases.length, 0),
    entities: agent.entityTypes.length,
    glossary: agent.glossary.length,
  };
}
