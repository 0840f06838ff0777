import type { DbExecutor } from '@civic/sdk/server';
import type { ClassesByName } from '../../classification/contract/server/index';
import type { EntityTypesByName } from '../../entities/contract/server/index';
import type { IntentCounts, IntentsByName } from '../../knowledge-base/contract/server/index';
import type { ImportedAgent } from './agent-model';
import { assertIntentRoomInJob, newIntentNames } from './intent-limit';

/** What an agent zip import writes the draft through: the knowledge base's, classification's and entities' services. */
export interface AgentServices {
  counts: IntentCounts;
  intents: IntentsByName;
  classNames: ClassesByName;
  entityTypes: EntityTypesByName;
}

/** The ids of `names` among the app's classes (by lower-case name), names it does not know left out. */
const idsOf = (names: string[], known: Map<string, string>) => [...new Set(names.flatMap((name) => known.get(name.toLowerCase()) ?? []))];

/**
 * Upserts the agent into the app's draft by name (intents, entities, glossary, classification):
 * re-running it changes nothing. Each owner writes its own rows set-based, on the caller's `db` — the
 * job's one short transaction — so it is all or nothing.
 */
export async function applyAgent(
  services: AgentServices,
  db: DbExecutor,
  appId: string,
  agent: ImportedAgent,
  userId: string | null,
  now: Date,
  progress: (percent: number, counts?: Record<string, number>) => void,
): Promise<Record<string, number>> {
  await assertIntentRoomInJob(services.counts, db, appId, await newIntentNames(services.counts, db, appId, agent.intents.map((intent) => intent.name)));
  const categoryIds = await services.classNames.ensure(db, appId, 'category', agent.categories);
  const labelIds = await services.classNames.ensure(db, appId, 'label', agent.labels);
  await services.entityTypes.upsert(db, appId, agent.entityTypes, now);
  await services.intents.upsertGlossary(db, appId, agent.glossary, now);
  progress(15);
  const intents = agent.intents.map(({ categories, labels, ...intent }) => ({ ...intent, categoryIds: idsOf(categories, categoryIds), labelIds: idsOf(labels, labelIds) }));
  await services.intents.upsert(db, appId, intents, { userId, now });
  progress(95, { intents: new Set(agent.intents.map((intent) => intent.name.toLowerCase())).size });
  return {
    intents: agent.intents.length,
    phrases: agent.intents.reduce((sum, intent) => sum + intent.trainingPhrases.length, 0),
    entities: agent.entityTypes.length,
    glossary: agent.glossary.length,
  };
}
