import { and, asc, eq, HttpError, inArray, isNull, ne, or, SecretSealError, type DbExecutor, type SecretSealing } from '@civic/sdk/server';
import { credentialFieldsOf, lastFourOf, type CredentialKind, type CredentialView, type SecretState } from '@civic/sdk/common/credentials';
import type { CredentialResolver, CredentialScope, ResolvedCredential } from '../contract/server/credential-resolver';
import { credentials, credentialSecrets } from './db/schema';

type CredentialRow = typeof credentials.$inferSelect;
type SecretRow = typeof credentialSecrets.$inferSelect;

/** The sealing context: a sealed value copied to another row or field does not open. */
export const sealContext = (credentialId: string, field: string) => `credentials:${credentialId}:${field}`;

/** A sealed secret that does not open is the admin's to replace, not a server failure. */
export function openOrRefuse(secrets: SecretSealing, row: SecretRow): string {
  try {
    return secrets.open(row.sealed, sealContext(row.credentialId, row.field));
  } catch (error) {
    if (error instanceof SecretSealError) {
      throw new HttpError(409, `The stored ${row.field} cannot be used: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}. Replace it.`, { detail: { field: row.field, reason: error.reason } });
    }
    throw error;
  }
}

export function secretRow(secrets: SecretSealing, credentialId: string, field: string, value: string, by: string, at: Date): SecretRow {
  return {
    credentialId,
    field,
    sealed: secrets.seal(value, sealContext(credentialId, field)),
    keyId: secrets.currentKeyId,
    lastFour: lastFourOf(value) ?? null,
    setBy: by,
    setAt: at,
  };
}

export function nonSecretValues(kind: CredentialKind, body: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { name } of credentialFieldsOf(kind.fields)) {
    if (kind.secrets.includes(name)) continue;
    const value = body[name];
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}

export function toView(kind: CredentialKind, row: CredentialRow, secretRows: readonly SecretRow[]): CredentialView {
  const secrets: Record<string, SecretState> = {};
  for (const field of kind.secrets) {
    const secret = secretRows.find((s) => s.field === field);
    secrets[field] = secret
      ? { isConfigured: true, lastFour: secret.lastFour ?? undefined, setBy: secret.setBy ?? undefined, setAt: secret.setAt.toISOString() }
      : { isConfigured: false };
  }
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    scope: row.scope as CredentialView['scope'],
    agencyId: row.agencyId,
    appId: row.appId,
    values: row.values,
    secrets,
    lastTestedAt: row.lastTestedAt?.toISOString() ?? null,
    lastTestStatus: (row.lastTestStatus as CredentialView['lastTestStatus']) ?? null,
    lastTestReason: row.lastTestReason,
    lastTestLatencyMs: row.lastTestLatencyMs,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

export async function findCredential(db: DbExecutor, kind: string, id: string): Promise<{ row: CredentialRow; secrets: SecretRow[] }> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw HttpError.notFound();
  const [row] = await db.select().from(credentials).where(and(eq(credentials.id, id), eq(credentials.kind, kind)));
  if (!row) throw HttpError.notFound();
  const secrets = await db.select().from(credentialSecrets).where(eq(credentialSecrets.credentialId, id));
  return { row, secrets };
}

export async function listCredentials(db: DbExecutor, kind: CredentialKind): Promise<CredentialView[]> {
  const rows = await db.select().from(credentials).where(eq(credentials.kind, kind.id)).orderBy(asc(credentials.name));
  const secrets = rows.length === 0 ? [] : await db.select().from(credentialSecrets).where(inArray(credentialSecrets.credentialId, rows.map((r) => r.id)));
  return rows.map((row) => toView(kind, row, secrets.filter((s) => s.credentialId === row.id)));
}

/** Every field of a stored credential, secrets opened: for the test and for `credentials.resolve`. */
export async function openValues(db: DbExecutor, secrets: SecretSealing, row: CredentialRow): Promise<Record<string, string>> {
  const sealed = await db.select().from(credentialSecrets).where(eq(credentialSecrets.credentialId, row.id));
  const values: Record<string, string> = { ...row.values };
  for (const secret of sealed) values[secret.field] = openOrRefuse(secrets, secret);
  return values;
}

/** The most specific credential of a kind where it is wanted: the app's, else the agency's, else a platform-wide one (oldest first). */
async function chooseCredential(db: DbExecutor, kind: string, scope: CredentialScope): Promise<CredentialRow | undefined> {
  const candidates = await db
    .select()
    .from(credentials)
    .where(
      and(
        eq(credentials.kind, kind),
        or(
          eq(credentials.scope, 'platform'),
          scope.agencyId ? and(eq(credentials.scope, 'agency'), eq(credentials.agencyId, scope.agencyId)) : undefined,
          scope.appId ? and(eq(credentials.scope, 'app'), eq(credentials.appId, scope.appId)) : undefined,
        ),
      ),
    )
    .orderBy(asc(credentials.createdAt));
  const rank = { app: 0, agency: 1, platform: 2 } as Record<string, number>;
  return candidates.sort((a, b) => rank[a.scope] - rank[b.scope])[0];
}

const described = (row: CredentialRow): Omit<ResolvedCredential, 'values'> => ({ id: row.id, name: row.name, kind: row.kind, scope: row.scope as ResolvedCredential['scope'] });

export function createResolver(secrets: SecretSealing): CredentialResolver {
  return {
    async resolve(db: DbExecutor, kind: string, scope: CredentialScope = {}): Promise<ResolvedCredential | undefined> {
      const best = await chooseCredential(db, kind, scope);
      return best && { ...described(best), values: await openValues(db, secrets, best) };
    },
    async find(db: DbExecutor, kind: string, scope: CredentialScope = {}) {
      const best = await chooseCredential(db, kind, scope);
      return best && described(best);
    },
    async resolveNamed(db: DbExecutor, kind: string, name: string): Promise<ResolvedCredential | undefined> {
      const [row] = await db.select().from(credentials).where(and(eq(credentials.kind, kind), eq(credentials.name, name)));
      return row && { ...described(row), values: await openValues(db, secrets, row) };
    },
    async list(db: DbExecutor, kind: string) {
      return db
        .select({ id: credentials.id, name: credentials.name, scope: credentials.scope, agencyId: credentials.agencyId, appId: credentials.appId })
        .from(credentials)
        .where(eq(credentials.kind, kind))
        .orderBy(asc(credentials.name));
    },
  };
}

/** The sealed store `npm run secrets:rotate` re-wraps: rows whose key is not the newest, a batch at a time. */
export function credentialSecretStore() {
  return {
    name: 'credentials.credential_secrets',
    async rewrapBatch(db: DbExecutor, secrets: SecretSealing, limit: number): Promise<number> {
      const stale = await db.select().from(credentialSecrets).where(or(ne(credentialSecrets.keyId, secrets.currentKeyId), isNull(credentialSecrets.keyId))).limit(limit);
      for (const row of stale) {
        const sealed = secrets.rewrap(row.sealed, sealContext(row.credentialId, row.field));
        await db
          .update(credentialSecrets)
          .set({ sealed, keyId: secrets.currentKeyId })
          .where(and(eq(credentialSecrets.credentialId, row.credentialId), eq(credentialSecrets.field, row.field)));
      }
      return stale.length;
    },
  };
}
