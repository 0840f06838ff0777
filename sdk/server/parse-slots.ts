import { HttpError } from '@civic/core/server/http/http-error';

export interface ParseSlotLimits {
  /** Uploads one user may have being read at once. */
  perUser: number;
  /** Uploads being read at once in this server process, whoever sent them. */
  overall: number;
  /** What a refused client is told to wait (Retry-After). */
  retryAfterSeconds: number;
}

/**
 * Caps how many uploaded files are being read at once, per user and in all: each read is cheap to
 * ask for and costs a worker or a process, so ten at once must not add up to a stalled or exhausted
 * server. Past a cap the request is a 429 with Retry-After at once (no queue to fill). The count is
 * per server process, which is what the CPU and memory it protects belong to.
 */
export class ParseSlots {
  private readonly byUser = new Map<string, number>();
  private total = 0;

  constructor(readonly limits: ParseSlotLimits) {}

  /** Runs `read` in one of `userId`'s slots, or throws a 429 when none is free. */
  async run<T>(userId: string, read: () => Promise<T>): Promise<T> {
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= this.limits.perUser || this.total >= this.limits.overall) throw HttpError.tooManyRequests(this.limits.retryAfterSeconds);
    this.byUser.set(userId, mine + 1);
    this.total += 1;
    try {
      return await read();
    } finally {
      this.total -= 1;
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left > 0) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    }
  }

  /** Reads in progress (for tests and metrics). */
  get inUse(): number {
    return this.total;
  }
}

/** The server's one set of slots for uploaded files (zips, workbooks, PDFs): 2 per user, 4 in all. */
export const parseSlots = new ParseSlots({ perUser: 2, overall: 4, retryAfterSeconds: 5 });
