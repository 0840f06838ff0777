import { and, asc, eq, gt, inArray, sql, type DbExecutor } from '@civic/sdk/server';
import type { AppPhrases, PhraseChange } from '../contract/server/app-phrases';
import { intents, trainingPhrases } from './db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const phraseColumns = { id: trainingPhrases.id, intentId: trainingPhrases.intentId, text: trainingPhrases.text };

async function phraseOf(db: DbExecutor, appId: string, phraseId: string) {
  if (!UUID.test(phraseId)) return undefined;
  const [phrase] = await db.select(phraseColumns).from(trainingPhrases).where(and(eq(trainingPhrases.appId, appId), eq(trainingPhrases.id, phraseId)));
  return phrase;
}

async function intentOf(db: DbExecutor, appId: string, intentId: string) {
  if (!UUID.test(intentId)) return undefined;
  const [intent] = await db.select({ id: intents.id, name: intents.displayName }).from(intents).where(and(eq(intents.appId, appId), eq(intents.id, intentId)));
  return intent;
}

/** Bumps the intents' version so an editor holding the old one gets a conflict, not a silent overwrite. */
async function touchIntents(db: DbExecutor, ids: string[], by: { userId: string; now: Date }): Promise<void> {
  await db
    .update(intents)
    .set({ version: sql`${intents.version} + 1`, updatedAt: by.now, updatedBy: by.userId })
    .where(inArray(intents.id, ids));
}

/** The knowledge base's `AppPhrases` service (contract/server/app-phrases.ts). */
export const appPhrases: AppPhrases = {
  page: (db, appId, afterId, limit) =>
    db
      .select(phraseColumns)
      .from(trainingPhrases)
      .where(afterId ? and(eq(trainingPhrases.appId, appId), gt(trainingPhrases.id, afterId)) : eq(trainingPhrases.appId, appId))
      .orderBy(asc(trainingPhrases.id))
      .limit(limit),

  async byIds(db, appId, ids) {
    const wanted = ids.filter((id) => UUID.test(id));
    if (wanted.length === 0) return [];
    return db.select(phraseColumns).from(trainingPhrases).where(and(eq(trainingPhrases.appId, appId), inArray(trainingPhrases.id, wanted)));
  },

  async intentNames(db, appId, ids) {
    const wanted = ids.filter((id) => UUID.test(id));
    if (wanted.length === 0) return [];
    return db.select({ id: intents.id, name: intents.displayName, kind: intents.kind }).from(intents).where(and(eq(intents.appId, appId), inArray(intents.id, wanted)));
  },

  async fingerprint(db, appId) {
    const [row] = await db
      .select({
        phrases: sql<number>`count(*)`,
        // A sum of 64-bit hashes, one per phrase with its intent: no sort and no long string, so it stays
        // cheap at 50,000 phrases (it is read on every conflict report); equal sets of phrases sum equally.
        fingerprint: sql<string | null>`count(*) || ':' || sum(hashtextextended(${trainingPhrases.intentId}::text || ':' || ${trainingPhrases.text}, 0))`,
      })
      .from(trainingPhrases)
      .where(eq(trainingPhrases.appId, appId));
    return { phrases: Number(row?.phrases ?? 0), fingerprint: row?.fingerprint ?? null };
  },

  async move(db, appId, phraseId, toIntentId, by): Promise<PhraseChange> {
    const phrase = await phraseOf(db, appId, phraseId);
    if (!phrase) return { ok: false, reason: 'phrase-not-found' };
    const target = await intentOf(db, appId, toIntentId);
    if (!target) return { ok: false, reason: 'intent-not-found' };
    if (target.id === phrase.intentId) return { ok: false, reason: 'same-intent' };
    const [{ next }] = await db
      .select({ next: sql<number>`coalesce(max(${trainingPhrases.position}), -1) + 1` })
      .from(trainingPhrases)
      .where(eq(trainingPhrases.intentId, target.id));
    await db.update(trainingPhrases).set({ intentId: target.id, position: Number(next) }).where(eq(trainingPhrases.id, phrase.id));
    await touchIntents(db, [phrase.intentId, target.id], by);
    return { ok: true, phrase, intentName: target.name };
  },

  async remove(db, appId, phraseId, by): Promise<PhraseChange> {
    const phrase = await phraseOf(db, appId, phraseId);
    if (!phrase) return { ok: false, reason: 'phrase-not-found' };
    const intent = await intentOf(db, appId, phrase.intentId);
    await db.delete(trainingPhrases).where(eq(trainingPhrases.id, phrase.id));
    await touchIntents(db, [phrase.intentId], by);
    return { ok: true, phrase, intentName: intent?.name ?? '' };
  },
};
