import { lt } from 'drizzle-orm';
import type { DbExecutor } from '../db/database';
import { loginNonces } from '../db/schema';
import { LOGIN_PAYLOAD_MAX_SKEW_SECONDS } from './login-payload';

/** Nonces older than this can never be replayed (their payload is stale), so they are pruned. */
const KEEP_MS = 4 * LOGIN_PAYLOAD_MAX_SKEW_SECONDS * 1000;

/** Replay protection for login payloads: each IV is accepted once (insert-or-fail on the key). */
export class LoginNonceStore {
  constructor(private readonly db: DbExecutor) {}

  /**
   * True the first time an IV is seen; false for a replay. `executor`: the request's transaction
   * when there is one (PGlite has one connection: a second one would wait for it for ever).
   */
  async accept(iv: string, now: Date, executor: DbExecutor = this.db): Promise<boolean> {
    await executor.delete(loginNonces).where(lt(loginNonces.seenAt, new Date(now.getTime() - KEEP_MS)));
    const inserted = await executor.insert(loginNonces).values({ iv, seenAt: now }).onConflictDoNothing().returning({ iv: loginNonces.iv });
    return inserted.length === 1;
  }
}
