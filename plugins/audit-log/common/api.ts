/** Paths and answers of the audit-log plugin (/api/v1/admin/audit-log…, platform admins). */
export const AuditLogApi = {
  list: '/api/v1/admin/audit-log',
  actions: '/api/v1/admin/audit-log/actions',
  verify: '/api/v1/admin/audit-log/verify',
  export: '/api/v1/admin/audit-log/export',
  entry: (id: number) => `/api/v1/admin/audit-log/${id}`,
  entryRoute: '/api/v1/admin/audit-log/:id',
} as const;

/** One row of the trail as the table shows it. */
export interface AuditRow {
  id: number;
  /** ISO 8601. */
  at: string;
  actorEmail: string;
  appId: string | null;
  action: string;
  target: string | null;
  summary: string;
  ip: string;
  /** Whether the row carries before/after (the detail shows them). */
  hasDetails: boolean;
}

/** GET list: newest first; `nextBefore` continues the listing (keyset), null at the end. */
export interface AuditPage {
  items: AuditRow[];
  nextBefore: number | null;
}

/** GET {id}: the row with its before/after and its place in the hash chain. */
export interface AuditDetail extends AuditRow {
  actorId: string | null;
  before: unknown;
  after: unknown;
  prevHash: string;
  hash: string;
}

/** GET verify: one stretch of the walk; continue with afterId = lastId until done. */
export interface AuditVerifyResult {
  ok: boolean;
  /** Rows checked in this stretch. */
  rows: number;
  lastId: number;
  done: boolean;
  /** Rows in the whole trail (for progress). */
  total: number;
  /**
   * The first break: a row removed or inserted (prev-hash-mismatch), edited or rehashed without the
   * audit key (hash-mismatch), the newest rows deleted (truncated: `id` is the checkpointed head that
   * is gone), or the checkpointed row changed (checkpoint-mismatch).
   */
  brokenAt?: { id: number; at: string; reason: 'prev-hash-mismatch' | 'hash-mismatch' | 'truncated' | 'checkpoint-mismatch' };
}
