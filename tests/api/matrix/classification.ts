import { editApp, NO_ID, readApp, type MatrixRow } from '../support/matrix';

/**
 * Classification: everyone with a role reads, editors and admins change. Both matrix apps are
 * above Starter; the Starter restriction is tested in tests/api/classification.test.ts.
 */
export const rows: MatrixRow[] = [
  { method: 'GET', url: '/api/v1/apps/:appId/categories', ...readApp() },
  { method: 'POST', url: '/api/v1/apps/:appId/categories', ...editApp(422), json: { name: '' } },
  { method: 'PATCH', url: '/api/v1/apps/:appId/categories/:categoryId', ...editApp(404), call: `/api/v1/apps/:appId/categories/${NO_ID}`, json: { name: 'Renamed' } },
  { method: 'DELETE', url: '/api/v1/apps/:appId/categories/:categoryId', ...editApp(404), call: `/api/v1/apps/:appId/categories/${NO_ID}` },
  { method: 'GET', url: '/api/v1/apps/:appId/labels', ...readApp() },
  { method: 'POST', url: '/api/v1/apps/:appId/labels', ...editApp(422), json: { name: '1-starts-with-a-digit' } },
  { method: 'PATCH', url: '/api/v1/apps/:appId/labels/:labelId', ...editApp(404), call: `/api/v1/apps/:appId/labels/${NO_ID}`, json: { name: 'renamed' } },
  { method: 'DELETE', url: '/api/v1/apps/:appId/labels/:labelId', ...editApp(404), call: `/api/v1/apps/:appId/labels/${NO_ID}` },
  { method: 'POST', url: '/api/v1/apps/:appId/intents/classification', ...editApp(422), json: { intentIds: [NO_ID], addCategoryIds: [NO_ID] } },
];
