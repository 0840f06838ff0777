import { agencies, and, eq, findAppRecord, HttpError, type DbExecutor, type RouteAdder, type SecretSealing } from '@civic/sdk/server';
import { validateDto } from '@civic/sdk/common/validation';
import {
  CredentialApi,
  credentialBodies,
  CredentialListQueryDto,
  CredentialSecretDto,
  type CredentialEnvelope,
  type CredentialKind,
  type CredentialTestResult,
  type CredentialView,
} from '@civic/sdk/common/credentials';
import { credentials, credentialSecrets } from './db/schema';
import { findCredential, listCredentials, nonSecretValues, secretRow, toView, openValues } from './credential-store';
import type { ConnectionTester } from './connection-test';

const actor = (user: { email: string }) => user.email;

/**
 * The routes of one credential kind, under `/api/v1/admin/credentials/<kind>`: list, create, read,
 * update, delete, test the connection, replace (rotate) or clear one secret. Every answer and
 * audit row tells of a secret only whether it is set, its last four characters and who set it when.
 */
export function registerCredentialRoutes(routes: RouteAdder, kind: CredentialKind, secrets: SecretSealing, tester: ConnectionTester): void {
  const { create, update } = credentialBodies(kind);
  const list = CredentialApi.list(kind.id);
  const item = `${list}/:credentialId`;
  const access = kind.permission;
  const target = (id: string) => `${kind.id}/${id}`;

  routes.add({
    method: 'GET', url: list, access, query: CredentialListQueryDto,
    description: `${kind.title}: the configured credentials (secrets as isConfigured and last four only).`,
    handler: async (ctx): Promise<{ items: CredentialView[] }> => {
      const items = await listCredentials(ctx.db, kind);
      return { items: ctx.query.scope ? items.filter((i) => i.scope === ctx.query.scope) : items };
    },
  });

  routes.add({
    method: 'POST', url: list, access, body: create, status: 201,
    description: `${kind.title}: adds a credential; its secrets are sealed at rest.`,
    audit: {
      action: 'credentials.create',
      target: (_ctx, result: CredentialView) => target(result.id),
      summary: (_ctx, result: CredentialView) => `Added ${kind.title} credential "${result.name}"`,
      details: (_ctx, result: CredentialView) => ({ after: auditable(result) }),
    },
    handler: async (ctx): Promise<CredentialView> => {
      const body = ctx.body as Record<string, unknown> & CredentialEnvelope;
      const where = await checkScope(ctx.db, body);
      await refuseTakenName(ctx.db, kind.id, body.name);
      const [row] = await ctx.db
        .insert(credentials)
        .values({ kind: kind.id, name: body.name, ...where, values: nonSecretValues(kind, body), createdBy: actor(ctx.user), updatedBy: actor(ctx.user), createdAt: ctx.now, updatedAt: ctx.now })
        .returning();
      const sealed = kind.secrets.filter((f) => typeof body[f] === 'string' && body[f] !== '').map((f) => secretRow(secrets, row.id, f, body[f] as string, actor(ctx.user), ctx.now));
      if (sealed.length > 0) await ctx.db.insert(credentialSecrets).values(sealed);
      return toView(kind, row, sealed);
    },
  });

  routes.add({
    method: 'GET', url: item, access,
    description: `${kind.title}: one credential.`,
    handler: async (ctx): Promise<CredentialView> => {
      const found = await findCredential(ctx.db, kind.id, ctx.params.credentialId);
      return toView(kind, found.row, found.secrets);
    },
  });

  routes.add({
    method: 'PATCH', url: item, access, body: update,
    description: `${kind.title}: changes name, scope and fields; a secret left out or empty keeps its sealed value.`,
    audit: {
      action: 'credentials.update',
      target: (ctx) => target(ctx.params.credentialId),
      summary: (_ctx, result: CredentialView) => `Changed ${kind.title} credential "${result.name}"`,
      details: (_ctx, result: CredentialView) => ({ after: auditable(result) }),
    },
    handler: async (ctx): Promise<CredentialView> => {
      const found = await findCredential(ctx.db, kind.id, ctx.params.credentialId);
      const body = ctx.body as Record<string, unknown> & CredentialEnvelope;
      const where = await checkScope(ctx.db, body);
      if (body.name !== found.row.name) await refuseTakenName(ctx.db, kind.id, body.name);
      const [row] = await ctx.db
        .update(credentials)
        .set({ name: body.name, ...where, values: nonSecretValues(kind, body), updatedBy: actor(ctx.user), updatedAt: ctx.now })
        .where(eq(credentials.id, found.row.id))
        .returning();
      let secretRows = found.secrets;
      for (const field of kind.secrets) {
        const value = body[field];
        if (typeof value !== 'string' || value === '') continue;
        secretRows = await replaceSecret(ctx.db, secrets, row.id, field, value, actor(ctx.user), ctx.now, secretRows);
      }
      return toView(kind, row, secretRows);
    },
  });

  routes.add({
    method: 'DELETE', url: item, access,
    description: `${kind.title}: deletes a credential and its sealed secrets.`,
    audit: { action: 'credentials.delete', target: (ctx) => target(ctx.params.credentialId), summary: (_ctx, result: { name: string }) => `Deleted ${kind.title} credential "${result.name}"` },
    handler: async (ctx) => {
      const found = await findCredential(ctx.db, kind.id, ctx.params.credentialId);
      await ctx.db.delete(credentials).where(eq(credentials.id, found.row.id));
      return { id: found.row.id, name: found.row.name };
    },
  });

  routes.add({
    method: 'POST', url: `${item}/test`, access,
    description: `${kind.title}: calls the provider with the stored credential (timeouts, no retries) and records status, latency and reason.`,
    audit: { action: 'credentials.test', target: (ctx) => target(ctx.params.credentialId), summary: (_ctx, result: CredentialTestResult) => `Tested ${kind.title} credential: ${result.status} (${result.reason})` },
    // The provider is called before the request's transaction opens: a slow one holds no connection.
    prepare: async (ctx) => {
      const found = await findCredential(ctx.db, kind.id, ctx.params.credentialId);
      const values = await openValues(ctx.db, secrets, found.row);
      return tester.test(kind, values);
    },
    handler: async (ctx): Promise<CredentialTestResult> => {
      const result = ctx.prepared;
      const updated = await ctx.db
        .update(credentials)
        .set({ lastTestedAt: ctx.now, lastTestStatus: result.status, lastTestReason: result.reason, lastTestLatencyMs: result.latencyMs })
        .where(and(eq(credentials.id, ctx.params.credentialId), eq(credentials.kind, kind.id)))
        .returning({ id: credentials.id });
      if (updated.length === 0) throw HttpError.notFound();
      return { ...result, testedAt: ctx.now.toISOString() };
    },
  });

  routes.add({
    method: 'PUT', url: `${item}/secrets/:field`, access, body: CredentialSecretDto,
    description: `${kind.title}: replaces (rotates) one secret; the old value is gone.`,
    audit: { action: 'credentials.secret-replace', target: (ctx) => `${target(ctx.params.credentialId)}/${ctx.params.field}`, summary: (ctx) => `Replaced the ${ctx.params.field} of a ${kind.title} credential` },
    handler: async (ctx): Promise<CredentialView> => {
      const field = secretField(kind, ctx.params.field);
      checkSecretValue(kind, field, ctx.body.value);
      const found = await findCredential(ctx.db, kind.id, ctx.params.credentialId);
      const secretRows = await replaceSecret(ctx.db, secrets, found.row.id, field, ctx.body.value, actor(ctx.user), ctx.now, found.secrets);
      const [row] = await ctx.db.update(credentials).set({ updatedBy: actor(ctx.user), updatedAt: ctx.now }).where(eq(credentials.id, found.row.id)).returning();
      return toView(kind, row, secretRows);
    },
  });

  routes.add({
    method: 'DELETE', url: `${item}/secrets/:field`, access,
    description: `${kind.title}: clears one secret (the credential then reports it as not configured).`,
    audit: { action: 'credentials.secret-clear', target: (ctx) => `${target(ctx.params.credentialId)}/${ctx.params.field}`, summary: (ctx) => `Cleared the ${ctx.params.field} of a ${kind.title} credential` },
    handler: async (ctx): Promise<CredentialView> => {
      const field = secretField(kind, ctx.params.field);
      const found = await findCredential(ctx.db, kind.id, ctx.params.credentialId);
      await ctx.db.delete(credentialSecrets).where(and(eq(credentialSecrets.credentialId, found.row.id), eq(credentialSecrets.field, field)));
      const [row] = await ctx.db.update(credentials).set({ updatedBy: actor(ctx.user), updatedAt: ctx.now }).where(eq(credentials.id, found.row.id)).returning();
      return toView(kind, row, found.secrets.filter((s) => s.field !== field));
    },
  });
}

/** What an audit row keeps of a credential: no secret, only whether each is set. */
function auditable(view: CredentialView) {
  return {
    name: view.name,
    scope: view.scope,
    agencyId: view.agencyId,
    appId: view.appId,
    values: view.values,
    secrets: Object.fromEntries(Object.entries(view.secrets).map(([field, state]) => [field, state.isConfigured ? 'set' : 'not set'])),
  };
}

function secretField(kind: CredentialKind, field: string): string {
  if (!kind.secrets.includes(field)) throw HttpError.notFound();
  return field;
}

/** The new value of one secret is checked with that field's own rules from the kind's DTO. */
function checkSecretValue(kind: CredentialKind, field: string, value: string): void {
  const outcome = validateDto(kind.fields, { [field]: value });
  const problems = outcome.fields[field];
  if (problems?.length) throw new HttpError(422, problems[0], { info: problems, fields: { value: problems } });
}

async function replaceSecret(
  db: DbExecutor, secrets: SecretSealing, credentialId: string, field: string, value: string, by: string, at: Date,
  current: (typeof credentialSecrets.$inferSelect)[],
) {
  const row = secretRow(secrets, credentialId, field, value, by, at);
  await db
    .insert(credentialSecrets)
    .values(row)
    .onConflictDoUpdate({ target: [credentialSecrets.credentialId, credentialSecrets.field], set: { sealed: row.sealed, keyId: row.keyId, lastFour: row.lastFour, setBy: by, setAt: at } });
  return [...current.filter((s) => s.field !== field), row];
}

async function checkScope(db: DbExecutor, body: CredentialEnvelope): Promise<{ scope: string; agencyId: string | null; appId: string | null }> {
  if (body.scope === 'agency') {
    const known = /^[0-9a-f-]{36}$/i.test(body.agencyId ?? '') ? await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, body.agencyId as string)) : [];
    if (known.length === 0) throw new HttpError(422, 'The agency does not exist', { fields: { agencyId: ['The agency does not exist'] } });
    return { scope: 'agency', agencyId: body.agencyId as string, appId: null };
  }
  if (body.scope === 'app') {
    if (!(await findAppRecord(db, body.appId as string))) throw new HttpError(422, 'The app does not exist', { fields: { appId: ['The app does not exist'] } });
    return { scope: 'app', agencyId: null, appId: body.appId as string };
  }
  return { scope: 'platform', agencyId: null, appId: null };
}

async function refuseTakenName(db: DbExecutor, kind: string, name: string): Promise<void> {
  const taken = await db.select({ id: credentials.id }).from(credentials).where(and(eq(credentials.kind, kind), eq(credentials.name, name)));
  if (taken.length > 0) throw new HttpError(409, 'A credential of this kind already has that name', { fields: { name: ['A credential of this kind already has that name'] } });
}
