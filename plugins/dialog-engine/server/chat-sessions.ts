import { eq, type DbExecutor, type DomainEvents } from '@civic/sdk/server';
import { chatSessionsChanged } from '../contract/events';
import { chatSessions } from './db/schema';
import type { SessionChange } from './transcript-writer';

export type ChatSessionRow = typeof chatSessions.$inferSelect;

/**
 * How long a server answers a chat session's turns from its own copy before reading the row again.
 * Another server that changed the session's state says so once it has written it
 * (chatSessionsChanged) and this copy is dropped then; the bound only matters if that notification
 * was lost (a LISTEN reconnect).
 */
export const SESSION_COPY_MS = 30_000;
const MAX_SESSIONS = 50_000;
/** Session ids per announcement: an event's payload stays under 1 KB. */
const IDS_PER_EVENT = 20;

/**
 * The chat sessions as this server knows them: a turn reads its session from memory when this
 * server read it in the last SESSION_COPY_MS, and its change (state, expiry) goes to the copy at
 * once and to the database with the turn's transcript (TranscriptWriter). Until then a re-read
 * keeps this server's newer state. Once written, changed states are announced so other servers drop
 * their copies: a turn that reaches another server sees the state within the flush interval. A copy
 * that says the session expired is checked against the database, where another server may have
 * moved it on.
 */
export class ChatSessions {
  private readonly copies = new Map<string, { row: ChatSessionRow; readAt: number }>();
  private readonly reads = new Map<string, Promise<ChatSessionRow | undefined>>();
  /** States this server gave sessions that are not in the database yet. */
  private readonly unwritten = new Map<string, { state: ChatSessionRow['state']; at: Date }>();

  constructor(private readonly events: DomainEvents) {
    events.subscribe(chatSessionsChanged, ({ sessionIds }, meta) => {
      if (!meta.local) for (const id of sessionIds.split(',')) this.drop(id);
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

  /** A turn's change, at once in the copy (the database's comes with the transcript writer's batch). */
  changed(change: SessionChange): void {
    if (change.state !== undefined) this.unwritten.set(change.id, { state: change.state, at: change.at });
    const copy = this.copies.get(change.id);
    if (!copy) return;
    const { row } = copy;
    copy.row = { ...row, state: change.state ?? row.state, updatedAt: later(row.updatedAt, change.at), expiresAt: later(row.expiresAt, change.expiresAt) };
  }

  /** The writer stored these changes: other servers hear of the new states. */
  async written(db: DbExecutor, changes: SessionChange[]): Promise<void> {
    const stateChanged: string[] = [];
    for (const change of changes) {
      if (change.state === undefined) continue;
      stateChanged.push(change.id);
      const pending = this.unwritten.get(change.id);
      if (pending && pending.at <= change.at) this.unwritten.delete(change.id);
    }
    for (let i = 0; i < stateChanged.length; i += IDS_PER_EVENT) await this.events.publish(db, chatSessionsChanged, { sessionIds: stateChanged.slice(i, i + IDS_PER_EVENT).join(',') });
  }

  drop(sessionId: string): void {
    this.copies.delete(sessionId);
    this.reads.delete(sessionId);
  }

  private async read(db: DbExecutor, sessionId: string): Promise<ChatSessionRow | undefined> {
    const [row] = await db.select().from(chatSessions).where(eq(chatSessions.id, sessionId));
    const mine = this.unwritten.get(sessionId);
    return row && mine ? { ...row, state: mine.state, updatedAt: later(row.updatedAt, mine.at) } : row;
  }

  private keep(row: ChatSessionRow, readAt: number): void {
    if (this.copies.size >= MAX_SESSIONS) this.evict(readAt);
    this.copies.set(row.id, { row, readAt });
  }

  private evict(now: number): void {
    for (const [id, copy] of this.copies) if (now - copy.readAt >= SESSION_COPY_MS) this.copies.delete(id);
    if (this.copies.size >= MAX_SESSIONS) this.copies.clear();
  }
}

function later(a: Date, b: Date): Date {
  return b > a ? b : a;
}
