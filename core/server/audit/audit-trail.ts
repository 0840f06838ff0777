import type { DbExecutor } from '../db/database';
import type { Logger } from '../logging/logger';
import { appendAudit } from './append-audit';
import { CheckpointFile, signCheckpoint, type AuditCheckpoint } from './audit-checkpoint';
import type { AuditEntry } from './audit-entry';
import { verifyAuditChainPart, type AuditChainPart } from './verify-audit-chain';

export interface AuditTrailOptions {
  /** CIVIC_AUDIT_KEY. */
  auditKey: Buffer;
  /** Where the newest signed checkpoint is kept (`<dataDir>/audit-checkpoint.json`). */
  checkpointFile: string;
  log: Logger;
  now: () => Date;
}

/**
 * The audit trail of one server: keyed appends, the integrity walk against the newest checkpoint,
 * and the checkpoints themselves. A checkpoint is taken only after the rows since the previous one
 * verify, so a cut-and-continue (newest rows deleted, new ones chained on what was left) never
 * becomes the new normal: the old checkpoint stays and keeps reporting it.
 */
export class AuditTrail {
  readonly #auditKey: Buffer;
  readonly #file: CheckpointFile;
  readonly #log: Logger;
  readonly #now: () => Date;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;

  constructor(options: AuditTrailOptions) {
    this.#auditKey = options.auditKey;
    this.#file = new CheckpointFile(options.checkpointFile);
    this.#log = options.log;
    this.#now = options.now;
  }

  append(executor: DbExecutor, entry: AuditEntry): Promise<void> {
    return appendAudit(executor, entry, this.#auditKey);
  }

  /** The newest checkpoint this server keeps, if any. */
  checkpoint(): AuditCheckpoint | undefined {
    return this.#file.read();
  }

  /**
   * One stretch of the integrity walk (see verifyAuditChainPart), checked against the checkpoint.
   * A walk that reaches the end unbroken is itself a good moment to record the head.
   */
  async verifyPart(db: DbExecutor, options: { afterId?: number; maxRows?: number; pageSize?: number } = {}): Promise<AuditChainPart> {
    const checkpoint = this.#file.read();
    const part = await verifyAuditChainPart(db, { ...options, auditKey: this.#auditKey, checkpoint });
    // Only a walk that covered everything since the checkpoint may move it.
    if (part.ok && part.done && part.head && (options.afterId ?? 0) <= (checkpoint?.id ?? 0)) this.#record(part.head, checkpoint);
    return part;
  }

  /**
   * Verifies the rows since the newest checkpoint (all rows the first time) and, when they hold,
   * records the head reached. A break is logged as an error and leaves the checkpoint as it was.
   */
  async takeCheckpoint(db: DbExecutor): Promise<AuditCheckpoint | undefined> {
    const checkpoint = this.#file.read();
    let afterId = checkpoint?.id ?? 0;
    for (;;) {
      const part = await verifyAuditChainPart(db, { afterId, maxRows: 10_000, auditKey: this.#auditKey, checkpoint });
      if (!part.ok) {
        this.#log.error({ auditBrokenAt: part.brokenAt }, 'audit trail integrity check failed; checkpoint kept');
        return undefined;
      }
      if (!part.done) {
        afterId = part.lastId;
        continue;
      }
      return part.head ? this.#record(part.head, checkpoint) : checkpoint;
    }
  }

  /**
   * Takes a checkpoint now (in the background: the first start after an upgrade walks the whole
   * trail) and then every `minutes`, never two at once; stopped by stop(). The one at start pins the
   * switch-over to keyed rows: every row after a checkpoint must be keyed.
   */
  start(db: DbExecutor, minutes: number): void {
    const tick = () => {
      this.#running ??= this.takeCheckpoint(db)
        .catch((error: unknown) => this.#log.warn({ err: error }, 'audit checkpoint failed'))
        .finally(() => (this.#running = undefined));
    };
    tick();
    this.#timer = setInterval(tick, minutes * 60_000);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }

  #record(head: { id: number; hash: string; at: Date }, previous: AuditCheckpoint | undefined): AuditCheckpoint | undefined {
    // Never backwards, and not again for the same head.
    if (previous && (head.id < previous.id || (head.id === previous.id && head.hash === previous.hash))) return previous;
    const point = signCheckpoint(this.#auditKey, { id: head.id, hash: head.hash, rowAt: head.at.toISOString(), takenAt: this.#now().toISOString() });
    this.#file.write(point);
    // The same record for a log sink: a copy the database writer cannot reach either.
    this.#log.info({ auditCheckpoint: point }, 'audit checkpoint');
    return point;
  }
}
