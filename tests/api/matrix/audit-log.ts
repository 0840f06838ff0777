import { platformOnly, type MatrixRow } from '../support/matrix';

/** Plugin audit-log: the trail, its actions, integrity walk, CSV export and one entry — platform admins only. */
export const rows: MatrixRow[] = [
  { method: 'GET', url: '/api/v1/admin/audit-log', own: platformOnly(200) },
  { method: 'GET', url: '/api/v1/admin/audit-log/actions', own: platformOnly(200) },
  { method: 'GET', url: '/api/v1/admin/audit-log/verify', own: platformOnly(200) },
  { method: 'GET', url: '/api/v1/admin/audit-log/export', own: platformOnly(200) },
  // No entry has this id: the admin gets 404, everyone else is refused before the lookup.
  { method: 'GET', url: '/api/v1/admin/audit-log/:id', call: '/api/v1/admin/audit-log/999999999', own: platformOnly(404) },
];
