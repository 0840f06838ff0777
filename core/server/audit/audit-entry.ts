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
}

/** The actor of work no person asked for (seeding, migrations, jobs). */
export const SYSTEM_ACTOR = 'system';
