import type { DbExecutor } from '@civic/sdk/server';
import type { AppPhrases } from '../../knowledge-base/contract/server/app-phrases';
import type { ConflictGroup, ConflictIntent, ConflictPair } from '../common/api';
import { textHash } from './conflict-groups';
import type { conflictGroups, conflictPairs } from './db/schema';

type GroupRow = typeof conflictGroups.$inferSelect;
type PairRow = typeof conflictPairs.$inferSelect;

/** Groups as the page shows them, with their intents' names; a group whose intent is gone is left out. */
export async function conflictGroupViews(db: DbExecutor, appId: string, phrases: AppPhrases, rows: readonly GroupRow[]): Promise<ConflictGroup[]> {
  const names = new Map((await phrases.intentNames(db, appId, [...new Set(rows.flatMap((g) => [g.intentA, g.intentB]))])).map((intent) => [intent.id, intent]));
  const views: ConflictGroup[] = [];
  for (const row of rows) {
    const a = names.get(row.intentA);
    const b = names.get(row.intentB);
    if (!a || !b) continue;
    views.push({ a, b, pairs: row.pairCount, maxScore: row.maxScore / 1000, identical: row.identicalCount });
  }
  return views;
}

/** Pairs that still hold: both phrases exist with the same text, each still in its intent. */
export async function conflictPairViews(db: DbExecutor, appId: string, phrases: AppPhrases, group: GroupRow, rows: readonly PairRow[]): Promise<ConflictPair[]> {
  const now = new Map((await phrases.byIds(db, appId, [...new Set(rows.flatMap((p) => [p.phraseA, p.phraseB]))])).map((phrase) => [phrase.id, phrase]));
  const intents = new Map((await phrases.intentNames(db, appId, [group.intentA, group.intentB])).map((intent): [string, ConflictIntent] => [intent.id, intent]));
  const pairs: ConflictPair[] = [];
  for (const row of rows) {
    const a = now.get(row.phraseA);
    const b = now.get(row.phraseB);
    const ia = intents.get(group.intentA);
    const ib = intents.get(group.intentB);
    if (!a || !b || !ia || !ib || a.intentId !== ia.id || b.intentId !== ib.id || textHash(a.text) !== row.hashA || textHash(b.text) !== row.hashB) continue;
    const view = (phrase: typeof a, intent: ConflictIntent) => ({ phraseId: phrase.id, text: phrase.text, intentId: intent.id, intentName: intent.name, intentKind: intent.kind });
    pairs.push({ score: row.score / 1000, identical: row.identical, a: view(a, ia), b: view(b, ib) });
  }
  return pairs;
}
