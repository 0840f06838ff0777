import { NO_ID, platformOnly, type MatrixRow } from '../support/matrix';

export const rows: MatrixRow[] = [
  { method: 'GET', url: '/api/v1/admin/users', own: platformOnly(200) },
  { method: 'POST', url: '/api/v1/admin/users', own: platformOnly(422), json: {} },
  { method: 'PATCH', url: '/api/v1/admin/users/:userId', call: `/api/v1/admin/users/${NO_ID}`, own: platformOnly(404), json: {} },
  { method: 'POST', url: '/api/v1/admin/users/:userId/reset-password', call: `/api/v1/admin/users/${NO_ID}/reset-password`, own: platformOnly(404) },
  { method: 'PUT', url: '/api/v1/admin/users/:userId/roles', call: `/api/v1/admin/users/${NO_ID}/roles`, own: platformOnly(404), json: { roles: {} } },
];
