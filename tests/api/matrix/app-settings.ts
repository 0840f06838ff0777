import { editApp, readApp, type MatrixRow } from '../support/matrix';

export const rows: MatrixRow[] = [
  { method: 'GET', url: '/api/v1/apps/:appId/settings', ...readApp() },
  { method: 'PATCH', url: '/api/v1/apps/:appId/settings', ...editApp(), json: { mlConfidenceThreshold: 0.7 } },
];
