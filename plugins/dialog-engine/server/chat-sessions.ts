import { eq, sql, type DbExecutor, type DomainEvents } from '@civic/sdk/server';
import { chatSessionChanged } from '../contract/events';
import { chatSessions } from './db/schema';

export type ChatSessionRow = typeof chatSessions.$inferSelect;

/**
 * How long a server answers a chat session's turns from its own copy before reading the row again.
 * Another server that changes the session's state says so (chatSessionChanged) and this copy is
 * dropped at once; the bound only matters if that notification was lost (a LISTEN reconnect).
 */
export const SESSION_COPY_MS = 30_000;
const MAX_SESSIONS = 50_000;

/**
 * The chat sessions as this server knows them: a turn reads its session from memory when this
 * server read or wrote it in the last SESSION_COPY_MS. A turn that changes the state writes it before
 * the reply and tells the other servers; a turn that leaves it as it was only moves the copy's times
 * on (the database's follow in the transcript writer's next batch). A copy that says the session has
 * expired is checked against the database, where another server may have moved it on.
 */
export class ChatSessions {
  private readonly copies = new Map<string, { row: ChatSessionRow; readAt: number }>();
  private readonly reads = new Map<string, Promise<ChatSessionRow | undefined>>();

  constructor(private readonly events: DomainEvents) {
    events.subscribe(chatSessionChanged, ({ sessionId }, meta) => {
      if (!meta.local) this.drop(sessionId);
    });
  }

  async find(db: DbExecutor, appId: string, sessionId: string, now: Date): Promise<ChatSessionRow | undefined> {
    const copy = this.copies.get(sessionId);
    const at = now.getTime();
    if (copy && at >= copy.readAt && at - copy.readAt < SESSION_COPY_MS && copy.row.expiresAt > now) return copy.row.appId === appId ? copy.row : undefined;
    const pending = this.reads.get(sessionId);
    const read = pending ?? this.read(db, sessionId);
    if (!pending) this.reads.set(sessionId, read);
    const row = await read;
    // A copy dropped while it was being read is not kept: the read may predate the change.
    if (this.reads.get(sessionId) === read) {
      this.reads.delete(sessionId);
      if (row) this.keep(row, at);
    }
    return row?.appId === appId ? row : undefined;
  }

  /** A new session, just inserted. */
  started(row: ChatSessionRow, now: Date): void {
    this.keep(row, now.getTime());
  }

  /** The turn changed the state: written now, so the next turn follows on from it on any server. */
  async saveState(db: DbExecutor, session: ChatSessionRow, state: ChatSessionRow['state'], now: Date, expiresAt: Date): Promise<void> {
    await db
      .update(chatSessions)
      .set({ state, updatedAt: sql`greatest(${chatSessions.updatedAt}, ${now.toISOString()}::timestamptz)`, expiresAt: sql`greatest(${chatSessions.expiresAt}, ${expiresAt.toISOString()}::timestamptz)` })
      .where(eq(chatSessions.id, session.id));
    this.update(session.id, { state, updatedAt: now, expiresAt });
    await this.events.publish(db, chatSessionChanged, { sessionId: session.id });
  }

  /** The turn left the state as it was: the copy's times move on (the row's with the transcripts). */
  touched(sessionId: string, now: Date, expiresAt: Date): void {
    this.update(sessionId, { updatedAt: now, expiresAt });
  }

  drop(sessionId: string): void {
    this.copies.delete(sessionId);
    this.reads.delete(sessionId);
  }

  private async read(db: DbExecutor, sessionId: string): Promise<ChatSessionRow | undefined> {
    const [row] = await db.select().from(chatSessions).where(eq(chatSessions.id, sessionId));
    return row;
  }

  private keep(row: ChatSessionRow, readAt: number): void {
    if (this.copies.size >= MAX_SESSIONS) this.evict(readAt);
    this.copies.set(row.id, { row, readAt });
  }

  private update(sessionId: string, change: Partial<ChatSessionRow>): void {
    const copy = this.copies.get(sessionId);
    if (!copy) return;
    const later = (a: Date, b: Date | undefined) => (b && b > a ? b : a);
    copy.row = { ...copy.row, ...change, updatedAt: later(copy.row.updatedAt, change.updatedAt), expiresAt: later(copy.row.expiresAt, change.expiresAt) };
  }

  private evict(now: number): void {
    for (const [id, copy] of this.copies) if (now - copy.readAt >= SESSION_COPY_MS) this.copies.delete(id);
    if (this.copies.size >= MAX_SESSIONS) this.copies.clear();
  }
}
