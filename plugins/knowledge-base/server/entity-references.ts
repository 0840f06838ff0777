import { and, eq, sql, type DbExecutor } from '@civic/sdk/server';
import { refKey } from '../../entities/contract/common/index';
import type { EntityTypeUser, EntityUsage } from '../../entities/contract/server/index';
import type { ActionParameter, PhrasePart } from '../contract/common/knowledge/index';
import { intents, trainingPhrases } from './db/schema';

export { refKey };

interface IntentInfo {
  name: string;
  kind: 'intent' | 'qna';
}

/**
 * Where every entity of an app is used, keyed by refKey: tagged training phrases (their
 * `entity_types` array) and action parameters (`entity_type_display_name`), grouped by intent.
 */
export async function usagesByEntity(db: DbExecutor, appId: string, onlyKey?: string): Promise<Map<string, EntityUsage[]>> {
  const phraseRows = await db
    .select({ intentId: trainingPhrases.intentId, entityTypes: trainingPhrases.entityTypes })
    .from(trainingPhrases)
    .where(
      and(
        eq(trainingPhrases.appId, appId),
        onlyKey === undefined
          ? sql`cardinality(${trainingPhrases.entityTypes}) > 0`
          : sql`exists (select 1 from unnest(${trainingPhrases.entityTypes}) as r(ref) where lower(ltrim(r.ref, '@')) = ${onlyKey})`,
      ),
    );
  const intentRows = await db
    .select({ id: intents.id, name: intents.displayName, kind: intents.kind, parameters: intents.parameters })
    .from(intents)
    .where(eq(intents.appId, appId));
  const info = new Map<string, IntentInfo>(intentRows.map((r) => [r.id, { name: r.name, kind: r.kind }]));

  // key → intentId → usage
  const found = new Map<string, Map<string, EntityUsage>>();
  const usage = (key: string, intentId: string): EntityUsage | null => {
    const intent = info.get(intentId);
    if (!intent || (onlyKey !== undefined && key !== onlyKey)) return null;
    let byIntent = found.get(key);
    if (!byIntent) found.set(key, (byIntent = new Map()));
    let u = byIntent.get(intentId);
    if (!u) byIntent.set(intentId, (u = { intentId, intentName: intent.name, intentKind: intent.kind, phraseCount: 0, parameters: [] }));
    return u;
  };
  for (const row of phraseRows) {
    for (const key of new Set(row.entityTypes.map(refKey))) {
      const u = usage(key, row.intentId);
      if (u) u.phraseCount++;
    }
  }
  for (const row of intentRows) {
    for (const parameter of row.parameters ?? []) {
      if (!parameter?.entity_type_display_name) continue;
      const u = usage(refKey(parameter.entity_type_display_name), row.id);
      if (u) u.parameters.push(parameter.display_name);
    }
  }
  return new Map(
    [...found].map(([key, byIntent]) => [key, [...byIntent.values()].sort((a, b) => a.intentName.localeCompare(b.intentName))]),
  );
}

/** A phrase's parts with the entity's tags removed (the text stays; neighbouring plain parts merge). */
export function untagParts(parts: PhrasePart[], key: string): PhrasePart[] {
  const out: PhrasePart[] = [];
  for (const part of parts) {
    const untag = part.entity_type !== undefined && refKey(part.entity_type) === key;
    const next: PhrasePart = untag ? { text: part.text } : part;
    const prev = out[out.length - 1];
    if (prev && prev.entity_type === undefined && next.entity_type === undefined) out[out.length - 1] = { ...prev, text: prev.text + next.text };
    else out.push(next);
  }
  return out;
}

/** A phrase's parts with the entity's tags renamed to `@newName` (param_name names the parameter, which keeps its name). */
export function renameInParts(parts: PhrasePart[], key: string, newName: string): PhrasePart[] {
  return parts.map((part) =>
    part.entity_type !== undefined && refKey(part.entity_type) === key ? { ...part, entity_type: `@${newName}` } : part,
  );
}

export function tagsOf(parts: PhrasePart[]): string[] {
  return [...new Set(parts.flatMap((p) => (p.entity_type ? [p.entity_type.startsWith('@') ? p.entity_type : `@${p.entity_type}`] : [])))];
}

export function parametersWithout(parameters: ActionParameter[], key: string): ActionParameter[] {
  return parameters.filter((p) => refKey(p.entity_type_display_name ?? '') !== key);
}

export function parametersRenamed(parameters: ActionParameter[], key: string, newName: string): ActionParameter[] {
  return parameters.map((p) => (refKey(p.entity_type_display_name ?? '') === key ? { ...p, entity_type_display_name: `@${newName}` } : p));
}

/** Untags every phrase of the app tagged with the entity and drops the parameters of its type. */
async function removeUsages(db: DbExecutor, appId: string, key: string, { now, userId }: { userId: string; now: Date }): Promise<{ removedFromPhrases: number; removedParameters: number }> {
  const phrases = await db
    .select({ id: trainingPhrases.id, parts: trainingPhrases.parts })
    .from(trainingPhrases)
    .where(and(eq(trainingPhrases.appId, appId), sql`exists (select 1 from unnest(${trainingPhrases.entityTypes}) as r(ref) where lower(ltrim(r.ref, '@')) = ${key})`));
  for (const phrase of phrases) {
    const parts = untagParts(phrase.parts, key);
    await db.update(trainingPhrases).set({ parts, entityTypes: tagsOf(parts) }).where(eq(trainingPhrases.id, phrase.id));
  }
  let removedParameters = 0;
  const rows = await db.select({ id: intents.id, parameters: intents.parameters }).from(intents).where(eq(intents.appId, appId));
  for (const row of rows) {
    const kept = parametersWithout(row.parameters ?? [], key);
    if (kept.length === (row.parameters ?? []).length) continue;
    removedParameters += (row.parameters ?? []).length - kept.length;
    await db.update(intents).set({ parameters: kept, version: sql`${intents.version} + 1`, updatedAt: now, updatedBy: userId }).where(eq(intents.id, row.id));
  }
  return { removedFromPhrases: phrases.length, removedParameters };
}

/** Follows a rename into the phrases and parameters that reference the entity. */
async function renameUsages(db: DbExecutor, appId: string, key: string, newName: string): Promise<void> {
  const phrases = await db
    .select({ id: trainingPhrases.id, parts: trainingPhrases.parts })
    .from(trainingPhrases)
    .where(and(eq(trainingPhrases.appId, appId), sql`exists (select 1 from unnest(${trainingPhrases.entityTypes}) as r(ref) where lower(ltrim(r.ref, '@')) = ${key})`));
  for (const phrase of phrases) {
    const parts = renameInParts(phrase.parts, key, newName);
    await db.update(trainingPhrases).set({ parts, entityTypes: tagsOf(parts) }).where(eq(trainingPhrases.id, phrase.id));
  }
  const rows = await db.select({ id: intents.id, parameters: intents.parameters }).from(intents).where(eq(intents.appId, appId));
  for (const row of rows) {
    const params = row.parameters ?? [];
    if (!params.some((p) => refKey(p.entity_type_display_name ?? '') === key)) continue;
    await db.update(intents).set({ parameters: parametersRenamed(params, key, newName) }).where(eq(intents.id, row.id));
  }
}

/** The knowledge base's references to entity types (tagged phrases, action parameters), registered with entities at mount. */
export const knowledgeEntityReferences: EntityTypeUser = { usages: usagesByEntity, remove: removeUsages, rename: renameUsages };
