import type { Method } from 'got';
import type { SignedInCaller } from './test-callers';

/**
 * The vocabulary of the authorization matrix (tests/api/access-matrix.test.ts): every route × every
 * kind of caller × an app they hold a role on and one they do not. A plugin keeps its rows in
 * `plugins/<id>/tests/matrix.ts` (rows not yet moved, and core's, in `tests/api/matrix/`), exporting
 * `rows: MatrixRow[]`.
 */
export type Caller = SignedInCaller | 'anonymous';
export type Expect = Record<Caller, number>;

export interface MatrixRow {
  method: Method;
  /** The route pattern exactly as mounted. */
  url: string;
  /** For app routes: expected status on the own app (demo-enterprise) and on the other app (test-other). */
  own: Expect;
  other?: Expect;
  json?: unknown;
  /** The URL to call when the pattern has parameters other than :appId (`:appId` is still replaced). */
  call?: string;
  /** Rows run in file order; `last` rows (e.g. logout) run after every other row. */
  last?: boolean;
}

/** The same status for every signed-in caller, and `anonymous` for no token. */
export const all = (status: number, anonymous = 401): Expect => ({ platformAdmin: status, appAdmin: status, editor: status, viewer: status, outsider: status, anonymous });

/** Platform admins get `status`, everyone else signed in 403. */
export const platformOnly = (status: number): Expect => ({ ...all(403), platformAdmin: status });

// The outsider's own app is test-other; for them "own" and "other" swap.
const notMemberOnOther: Expect = { platformAdmin: 200, appAdmin: 404, editor: 404, viewer: 404, outsider: 200, anonymous: 401 };

/** Anyone with a role on the app. `status` is what a permitted caller gets (200 unless a body makes it 4xx). */
export const readApp = (status = 200): Pick<MatrixRow, 'own' | 'other'> => ({
  own: { platformAdmin: status, appAdmin: status, editor: status, viewer: status, outsider: 404, anonymous: 401 },
  other: { ...notMemberOnOther, platformAdmin: status, outsider: status },
});

/** Editors and admins of the app (and platform admins); viewers 403. */
export const editApp = (status = 200): Pick<MatrixRow, 'own' | 'other'> => ({
  own: { platformAdmin: status, appAdmin: status, editor: status, viewer: 403, outsider: 404, anonymous: 401 },
  other: { ...notMemberOnOther, platformAdmin: status, outsider: status },
});

/** Admins of the app (and platform admins); editors and viewers 403. */
export const adminApp = (status = 200): Pick<MatrixRow, 'own' | 'other'> => ({
  own: { platformAdmin: status, appAdmin: status, editor: 403, viewer: 403, outsider: 404, anonymous: 401 },
  other: { ...notMemberOnOther, platformAdmin: status, outsider: status },
});

/** A well-formed UUID no row has. */
export const NO_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The eight routes the credentials plugin mounts for one credential kind (`defineCredentialPlugin`),
 * platform admins only; `secret` is one of the kind's secret fields. A credential plugin's
 * tests/matrix.ts is `export const rows = credentialKindRows('<id>', '<secret field>')`.
 */
export function credentialKindRows(kind: string, secret: string): MatrixRow[] {
  const list = `/api/v1/admin/credentials/${kind}`;
  const item = `${list}/:credentialId`;
  const none = `${list}/${NO_ID}`;
  return [
    { method: 'GET', url: list, own: platformOnly(200) },
    { method: 'POST', url: list, own: platformOnly(422), json: {} },
    { method: 'GET', url: item, call: none, own: platformOnly(404) },
    { method: 'PATCH', url: item, call: none, own: platformOnly(422), json: {} },
    { method: 'DELETE', url: item, call: none, own: platformOnly(404) },
    { method: 'POST', url: `${item}/test`, call: `${none}/test`, own: platformOnly(404) },
    { method: 'PUT', url: `${item}/secrets/:field`, call: `${none}/secrets/${secret}`, own: platformOnly(422), json: {} },
    { method: 'DELETE', url: `${item}/secrets/:field`, call: `${none}/secrets/${secret}`, own: platformOnly(404) },
  ];
}
