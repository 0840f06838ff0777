import { NO_ID, platformOnly, type Expect, type MatrixRow } from '../support/matrix';

// Platform-only routes on an app: the app is looked up first (404 when the caller holds no role on it), then 403.
const platformOnApp = (status: number): Pick<MatrixRow, 'own' | 'other'> => {
  const own: Expect = { platformAdmin: status, appAdmin: 403, editor: 403, viewer: 403, outsider: 404, anonymous: 401 };
  const other: Expect = { platformAdmin: status, appAdmin: 404, editor: 404, viewer: 404, outsider: 403, anonymous: 401 };
  return { own, other };
};

export const rows: MatrixRow[] = [
  { method: 'GET', url: '/api/v1/admin/agencies', own: platformOnly(200) },
  { method: 'POST', url: '/api/v1/admin/agencies', own: platformOnly(422), json: {} },
  { method: 'PATCH', url: '/api/v1/admin/agencies/:agencyId', call: `/api/v1/admin/agencies/${NO_ID}`, own: platformOnly(404), json: { name: 'Matrix Agency' } },
  { method: 'DELETE', url: '/api/v1/admin/agencies/:agencyId', call: `/api/v1/admin/agencies/${NO_ID}`, own: platformOnly(404) },
  { method: 'POST', url: '/api/v1/admin/agencies/:agencyId/merge', call: `/api/v1/admin/agencies/${NO_ID}/merge`, own: platformOnly(404), json: { intoAgencyId: NO_ID } },
  { method: 'GET', url: '/api/v1/admin/adaptors', own: platformOnly(200) },
  { method: 'POST', url: '/api/v1/admin/adaptors', own: platformOnly(422), json: {} },
  { method: 'PATCH', url: '/api/v1/admin/adaptors/:adaptorId', call: `/api/v1/admin/adaptors/${NO_ID}`, own: platformOnly(404), json: {} },
  { method: 'DELETE', url: '/api/v1/admin/adaptors/:adaptorId', call: `/api/v1/admin/adaptors/${NO_ID}`, own: platformOnly(404) },
  { method: 'POST', url: '/api/v1/admin/adaptors/:adaptorId/test', call: `/api/v1/admin/adaptors/${NO_ID}/test`, own: platformOnly(404) },
  { method: 'POST', url: '/api/v1/admin/chatapp-mgmt', own: platformOnly(200), json: {} },
  { method: 'POST', url: '/api/v1/admin/apps', own: platformOnly(422), json: {} },
  { method: 'GET', url: '/api/v1/admin/apps/:appId', ...platformOnApp(200) },
  { method: 'PATCH', url: '/api/v1/admin/apps/:appId', ...platformOnApp(200), json: {} },
  {
    method: 'PUT',
    url: '/api/v1/admin/subscription-tier-limit/:tier',
    call: '/api/v1/admin/subscription-tier-limit/Platinum',
    own: platformOnly(404),
    json: { maxIntents: 1, maxMembers: 1, maxMonthlySessions: 1, analytics: true, categories: true, labels: true, trainingHub: true },
  },
  { method: 'GET', url: '/api/v1/admin/feature-flags', own: platformOnly(200) },
  { method: 'PATCH', url: '/api/v1/admin/feature-flags/:name', call: '/api/v1/admin/feature-flags/no-such-flag', own: platformOnly(404), json: { enabled: true } },
];
