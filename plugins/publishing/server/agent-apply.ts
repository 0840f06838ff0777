import type { DbExecutor } from '@civic/sdk/server';
import type { ClassesByName } from '../../classification/contract/server/index';
import type { EntityTypesByName } from '../../entities/contract/server/index';
import type { GlossaryByTerm, IntentCounts, IntentsByName, ParentByName } from '../../knowledge-base/contract/server/index';
import type { ImportedAgent, ImportedEntityType, ImportedIntent } from './agent-model';
import { assertIntentRoomInJob, newIntentNames } from './intent-limit';
import type { PlannedImport } from './staged-import';

/** What an agent zip import writes the draft through: the knowledge base's, classification's and entities' services. */
export interface AgentServices {
  counts: IntentCounts;
  intents: IntentsByName;
  classNames: ClassesByName;
  entityTypes: EntityTypesByName;
}

/**
 * One transaction's worth of an agent zip import, staged (publishing_import_chunks). Written in
 * order: the classes, glossary and entity types first (intents name them), then the intents, then
 * the follow-ups' links to parents written in other chunks.
 */
export type AgentChunk =
  | { part: 'classes'; categories: string[]; labels: string[] }
  | { part: 'glossary'; terms: GlossaryByTerm[] }
  | { part: 'entityTypes'; types: ImportedEntityType[] }
  | { part: 'intents'; intents: ImportedIntent[] }
  | { part: 'parents'; links: ParentByName[] };

/**
 * Weight written per transaction (an intent or entity type counts 1 plus its phrases or entries, a
 * term 1): about as much as one of the bulk import's chunks, so on PGlite (one connection, SQL on the
 * main thread) each holds other requests for about a tenth of a second.
 */
export const AGENT_CHUNK_WEIGHT = 1_000;

/** The items in consecutive slices of at most `max` weight (an item heavier than that alone). */
export function byWeight<T>(items: readonly T[], weight: (item: T) => number, max = AGENT_CHUNK_WEIGHT): T[][] {
  const slices: T[][] = [];
  let slice: T[] = [];
  let sum = 0;
  for (const item of items) {
    const w = weight(item);
    if (slice.length > 0 && sum + w > max) {
      slices.push(slice);
      slice = [];
      sum = 0;
    }
    slice.push(item);
    sum += w;
  }
  if (slice.length > 0) slices.push(slice);
  return slices;
}

/** The ids of `names` among the app's classes (by lower-case name), names it does not know left out. */
const idsOf = (names: string[], known: Map<string, string>) => [...new Set(names.flatMap((name) => known.get(name.toLowerCase()) ?? []))];

/**
 * The agent as an import's stage: chunks that upsert it into the app's draft by name (re-running it
 * changes nothing), the counts the job shows, and the check at the commit point — room under the
 * tier's intent limit for the intents it adds. Reads nothing, writes nothing.
 */
export function planAgent(services: AgentServices, appId: string, agent: ImportedAgent): PlannedImport<AgentChunk> {
  const names = new Set(agent.intents.map((intent) => intent.name.toLowerCase()));
  // A follow-up whose parent is among the agent's intents; upsert links those in its own chunk, these link them all.
  const links = agent.intents.flatMap((intent) => (intent.parentName !== null && names.has(intent.parentName.toLowerCase()) ? [{ name: intent.name, parentName: intent.parentName }] : []));
  const chunks: AgentChunk[] = [
    { part: 'classes', categories: agent.categories, labels: agent.labels },
    ...byWeight(agent.glossary, () => 1).map((terms): AgentChunk => ({ part: 'glossary', terms })),
    ...byWeight(agent.entityTypes, (type) => 1 + type.entries.length).map((types): AgentChunk => ({ part: 'entityTypes', types })),
    ...byWeight(agent.intents, (intent) => 1 + intent.trainingPhrases.length).map((intents): AgentChunk => ({ part: 'intents', intents })),
    ...byWeight(links, () => 1, 5_000).map((part): AgentChunk => ({ part: 'parents', links: part })),
  ];
  return {
    chunks,
    counts: {
      intents: agent.intents.length,
      phrases: agent.intents.reduce((sum, intent) => sum + intent.trainingPhrases.length, 0),
      entities: agent.entityTypes.length,
      glossary: agent.glossary.length,
    },
    errors: [],
    check: async (tx) => assertIntentRoomInJob(services.counts, tx, appId, await newIntentNames(services.counts, tx, appId, agent.intents.map((intent) => intent.name))),
  };
}

/** Writes one chunk of an agent into the draft on the caller's transaction, through each owner's service, set-based. */
export async function writeAgentChunk(services: AgentServices, tx: DbExecutor, appId: string, chunk: AgentChunk, stamp: { userId: string | null; now: Date }): Promise<void> {
  switch (chunk.part) {
    case 'classes':
      await services.classNames.ensure(tx, appId, 'category', chunk.categories);
      await services.classNames.ensure(tx, appId, 'label', chunk.labels);
      return;
    case 'glossary':
      return services.intents.upsertGlossary(tx, appId, chunk.terms, stamp.now);
    case 'entityTypes':
      return services.entityTypes.upsert(tx, appId, chunk.types, stamp.now);
    case 'intents': {
      const categoryIds = await services.classNames.ensure(tx, appId, 'category', chunk.intents.flatMap((intent) => intent.categories));
      const labelIds = await services.classNames.ensure(tx, appId, 'label', chunk.intents.flatMap((intent) => intent.labels));
      const intents = chunk.intents.map(({ categories, labels, ...intent }) => ({ ...intent, categoryIds: idsOf(categories, categoryIds), labelIds: idsOf(labels, labelIds) }));
      return services.intents.upsert(tx, appId, intents, stamp);
    }
    case 'parents':
      return services.intents.linkParents(tx, appId, chunk.links);
  }
}
