import { adminApp, editApp, NO_ID, type MatrixRow } from '@civic/sdk/testing/server';

export const rows: MatrixRow[] = [
  { method: 'GET', url: '/api/v1/apps/:appId/team', ...editApp(200) },
  { method: 'POST', url: '/api/v1/apps/:appId/team', ...adminApp(422), json: {} },
  { method: 'PATCH', url: '/api/v1/apps/:appId/team/:userId', call: `/api/v1/apps/:appId/team/${NO_ID}`, ...adminApp(404), json: { role: '1' } },
  { method: 'DELETE', url: '/api/v1/apps/:appId/team/:userId', call: `/api/v1/apps/:appId/team/${NO_ID}`, ...adminApp(404) },
];
