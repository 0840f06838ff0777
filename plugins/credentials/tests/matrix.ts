import { platformOnly, type MatrixRow } from '@civic/sdk/testing/server';

/** The credentials plugin's own route; each kind's eight routes are in its plugin's tests/matrix.ts. */
export const rows: MatrixRow[] = [{ method: 'GET', url: '/api/v1/admin/credential-scopes', own: platformOnly(200) }];
