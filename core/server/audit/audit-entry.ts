/** One audit row before it is chained: who did what, on which app, from where, when. */
export interface AuditEntry {
  at: Date;
  actorId: string | null;
  /** Kept as text so the trail still names the actor after the account is gone. */
  actorEmail: string;
  appId: string | null;
  /** Dotted, prefixed by the owner: `auth.login`, `app-settings.update`. */
  action: string;
  target: string | null;
  summary: string;
  ip: string;
  /**
   * What the change did, for the detail view: the state before and after (plain JSON). Optional;
   * rows without it hash exactly as before the column existed.
   */
  details?: AuditDetails | null;
}

/** Before/after of a change, as plain JSON (Dates become ISO strings, undefined fields vanish). */
export interface AuditDetails {
  before?: unknown;
  after?: unknown;
}

/** The JSON form a details value is stored (and hashed) in: what jsonb gives back. */
export function normaliseAuditDetails(details: AuditDetails | null | undefined): AuditDetails | null {
  if (details === null || details === undefined) return null;
  const plain = JSON.parse(JSON.stringify(details)) as AuditDetails;
  return plain.before === undefined && plain.after === undefined ? null : plain;
}

/** The actor of work no person asked for (seeding, migrations, jobs). */
export const SYSTEM_ACTOR = 'system';
