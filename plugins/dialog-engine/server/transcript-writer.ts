import { sql, type DbExecutor, type ServerModuleApi } from '@civic/sdk/server';
import type { ChatSessionRow } from './chat-sessions';
import { chatSessions, transcripts } from './db/schema';

/** A turn's transcript row as it will be stored (its id is chosen when the reply is sent). */
export type TranscriptRow = Omit<typeof transcripts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'> & { id: string; createdAt: Date; updatedAt: Date };

/** What a turn changes in its session: its idle expiry moves on, and its state when the turn changed it. */
export interface SessionChange {
  id: string;
  at: Date;
  expiresAt: Date;
  state?: ChatSessionRow['state'];
}

export interface TranscriptWriterOptions {
  /** Rows wait at most this long before they are written. */
  flushMs: number;
  /** A batch this big is written at once; larger backlogs are written this many rows a statement. */
  batchRows: number;
  /** Called with the session changes of a batch once it is stored. */
  onWritten?: (changes: SessionChange[]) => Promise<void>;
}

/**
 * Transcripts are written at most CIVIC_TRANSCRIPT_FLUSH_MS after their reply (default 100), or
 * sooner, TRANSCRIPT_BATCH_ROWS at a time: what a crash (SIGKILL) may lose. A graceful stop writes everything first.
 */
export const TRANSCRIPT_BATCH_ROWS = 200;
/** Beyond this many unwritten rows (the database is slow or away) a turn waits for the writes. */
const BACKLOG_ROWS = 5_000;
/** After a failed write the rows are tried again this much later. */
const RETRY_MS = 1_000;

type Log = ServerModuleApi['log'];

/**
 * The write-behind buffer of chat turns: the reply does not wait for its transcript row or for its
 * session's new state and expiry. Rows are written in one multi-row statement per batch — the
 * sessions' changes (the state of the batch's newest turn that set one; an expiry never moves back) and the transcripts of
 * sessions that still exist (an app deleted meanwhile takes its turns with it) — every `flushMs` or
 * TRANSCRIPT_BATCH_ROWS rows, and when the server closes. A failed batch is kept and tried again.
 */
export class TranscriptWriter {
  private rows: TranscriptRow[] = [];
  private readonly queued = new Set<string>();
  private readonly writing = new Set<string>();
  private sessions = new Map<string, SessionChange>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DbExecutor,
    private readonly log: Log,
    private readonly options: TranscriptWriterOptions,
  ) {}

  /** Queues a turn and its session's change; waits only when the backlog is too long. */
  add(row: TranscriptRow, session: SessionChange): Promise<void> {
    this.rows.push(row);
    this.queued.add(row.id);
    this.merge(session);
    if (this.rows.length >= this.options.batchRows) void this.flush().catch(() => undefined);
    else this.schedule(this.options.flushMs);
    return this.queued.size + this.writing.size > BACKLOG_ROWS ? this.flushing : Promise.resolve();
  }

  /** True while the transcript is queued or being written. */
  holds(transcriptId: string): boolean {
    return this.queued.has(transcriptId) || this.writing.has(transcriptId);
  }

  get flushMs(): number {
    return this.options.flushMs;
  }

  /** Writes everything queued; resolves when it is stored (rejects if it could not be, keeping it for later). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.rows.length === 0 && this.sessions.size === 0) return this.flushing;
    const rows = this.rows;
    const sessions = [...this.sessions.values()];
    this.rows = [];
    this.sessions = new Map();
    for (const row of rows) {
      this.queued.delete(row.id);
      this.writing.add(row.id);
    }
    const done = this.flushing.then(() => this.write(rows, sessions));
    this.flushing = done.catch(() => undefined);
    return done;
  }

  /** One change per session and batch: the latest times, and the state of the latest turn that set one. */
  private merge(change: SessionChange): void {
    const known = this.sessions.get(change.id);
    if (!known) {
      this.sessions.set(change.id, change);
      return;
    }
    const later = change.at >= known.at;
    const state = change.state !== undefined && (later || known.state === undefined) ? change.state : known.state;
    this.sessions.set(change.id, { id: change.id, at: later ? change.at : known.at, expiresAt: change.expiresAt > known.expiresAt ? change.expiresAt : known.expiresAt, ...(state !== undefined ? { state } : {}) });
  }

  private schedule(ms: number): void {
    this.timer ??= setTimeout(() => void this.flush().catch(() => undefined), ms).unref();
  }

  private async write(rows: TranscriptRow[], sessions: SessionChange[]): Promise<void> {
    let written = 0;
    try {
      do {
        const batch = rows.slice(written, written + this.options.batchRows);
        await this.db.execute(writeStatement(batch, written === 0 ? sessions : []));
        for (const row of batch) this.writing.delete(row.id);
        written += batch.length;
      } while (written < rows.length);
    } catch (error) {
      const unwritten = rows.slice(written);
      this.log.error({ err: error, rows: unwritten.length }, 'transcripts not written yet; trying again');
      for (const row of unwritten) {
        this.writing.delete(row.id);
        this.queued.add(row.id);
      }
      this.rows = [...unwritten, ...this.rows];
      if (written === 0) for (const change of sessions) this.merge(change);
      this.schedule(RETRY_MS);
      throw error;
    }
    await this.options.onWritten?.(sessions).catch((error: unknown) => this.log.warn({ err: error }, 'written chat sessions not announced'));
  }
}

/** One statement: the sessions' changes, then the turns of sessions that still exist. */
function writeStatement(rows: TranscriptRow[], sessions: SessionChange[]) {
  const changed = JSON.stringify(sessions.map((c) => ({ id: c.id, at: c.at.toISOString(), expires_at: c.expiresAt.toISOString(), state: c.state ?? null })));
  const turns = JSON.stringify(rows.map(toRecord));
  return sql`with changed as (
      update ${chatSessions} s
      set state = coalesce(c.state, s.state), updated_at = greatest(s.updated_at, c.at), expires_at = greatest(s.expires_at, c.expires_at)
      from jsonb_to_recordset(${changed}::jsonb) as c(id uuid, at timestamptz, expires_at timestamptz, state jsonb)
      where s.id = c.id
      returning s.id
    )
    insert into ${transcripts} (id, app_id, session_id, environment, channel, data, trans_author, reply, confidence_score, intent_id, intent_name,
      fallback, top_matches, content_version, content_hash, review_status, created_at, updated_at)
    select x.id, x.app_id, x.session_id, x.environment, x.channel, x.data, x.trans_author, x.reply, x.confidence_score, x.intent_id, x.intent_name,
      x.fallback, x.top_matches, x.content_version, x.content_hash, x.review_status, x.created_at, x.updated_at
    from jsonb_to_recordset(${turns}::jsonb) as x(id uuid, app_id text, session_id uuid, environment text, channel text, data text, trans_author text,
      reply jsonb, confidence_score double precision, intent_id uuid, intent_name text, fallback boolean, top_matches jsonb, content_version text,
      content_hash text, review_status text, created_at timestamptz, updated_at timestamptz)
    where exists (select 1 from ${chatSessions} s where s.id = x.session_id)`;
}

function toRecord(row: TranscriptRow) {
  return {
    id: row.id,
    app_id: row.appId,
    session_id: row.sessionId,
    environment: row.environment,
    channel: row.channel,
    data: row.data,
    trans_author: row.transAuthor,
    reply: row.reply,
    confidence_score: row.confidenceScore,
    intent_id: row.intentId ?? null,
    intent_name: row.intentName ?? null,
    fallback: row.fallback,
    top_matches: row.topMatches,
    content_version: row.contentVersion,
    content_hash: row.contentHash,
    review_status: row.reviewStatus ?? '',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
