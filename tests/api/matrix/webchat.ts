import { all, editApp, readApp, type MatrixRow } from '../support/matrix';

export const rows: MatrixRow[] = [
  { method: 'GET', url: '/api/v1/apps/:appId/webchat-settings', ...readApp() },
  { method: 'PUT', url: '/api/v1/apps/:appId/webchat-settings', ...editApp(), json: { appColor: '#67BFE2' } },
  { method: 'GET', url: '/api/v1/apps/:appId/webchat-refused-origins', ...readApp() },
  // Public: the sharing page and the embed script read it signed out.
  { method: 'GET', url: '/api/v1/webchat/:appId/widget-settings', own: all(200, 200) },
];
