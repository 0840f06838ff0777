import { eq, HttpError, type DbExecutor } from '@civic/sdk/server';
import type { KnowledgeSnapshots } from '../../knowledge-base/contract/server/index';
import type { PublishReplays } from '../contract/server/index';
import { PublishingMessages } from '../common/messages';
import { publishReplays } from './db/schema';
import { draftHash } from './draft-hash';

/** The `PublishReplays` service: the last replay of each app, keyed by the draft it replayed. */
export function publishReplayRecorder(drafts: KnowledgeSnapshots): PublishReplays {
  return {
    async record(db, appId, changes, at) {
      const hash = draftHash(await drafts.readDraft(db, appId));
      await db
        .insert(publishReplays)
        .values({ appId, draftHash: hash, changes, replayedAt: at })
        .onConflictDoUpdate({ target: publishReplays.appId, set: { draftHash: hash, changes, replayedAt: at } });
    },
  };
}

/**
 * A publish of a draft whose replay showed changed answers needs `acknowledgeChanges`: refused (409)
 * without it. Returns the number of changed answers acknowledged (0 when none were).
 */
export async function checkReplayAcknowledged(db: DbExecutor, drafts: KnowledgeSnapshots, appId: string, acknowledged: boolean): Promise<number> {
  const [replay] = await db.select().from(publishReplays).where(eq(publishReplays.appId, appId));
  if (!replay || replay.changes === 0) return 0;
  if (replay.draftHash !== draftHash(await drafts.readDraft(db, appId))) return 0;
  if (!acknowledged) throw HttpError.conflict(PublishingMessages.replayNotAcknowledged(replay.changes));
  return replay.changes;
}
