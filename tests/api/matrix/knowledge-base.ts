import { editApp, NO_ID, readApp, type MatrixRow } from '../support/matrix';

// Ids that name nothing: permitted callers get 404 after the access check, which is what the matrix shows.
export const rows: MatrixRow[] = [
  { method: 'GET', url: '/api/v1/apps/:appId/intents', ...readApp() },
  { method: 'GET', url: '/api/v1/apps/:appId/intents/:intentId', ...readApp(404), call: `/api/v1/apps/:appId/intents/${NO_ID}` },
  { method: 'POST', url: '/api/v1/apps/:appId/intents', ...editApp(422), json: { displayName: '' } },
  { method: 'PUT', url: '/api/v1/apps/:appId/intents/:intentId', ...editApp(404), call: `/api/v1/apps/:appId/intents/${NO_ID}`, json: { displayName: 'Matrix', version: 1 } },
  { method: 'DELETE', url: '/api/v1/apps/:appId/intents/:intentId', ...editApp(404), call: `/api/v1/apps/:appId/intents/${NO_ID}` },
  { method: 'GET', url: '/api/v1/apps/:appId/glossary', ...readApp() },
  { method: 'POST', url: '/api/v1/apps/:appId/glossary', ...editApp(422), json: { term: '' } },
  { method: 'POST', url: '/api/v1/apps/:appId/glossary/import', ...editApp(), json: { terms: [] } },
  { method: 'PUT', url: '/api/v1/apps/:appId/glossary/:termId', ...editApp(404), call: `/api/v1/apps/:appId/glossary/${NO_ID}`, json: { term: 'Matrix', version: 1 } },
  { method: 'DELETE', url: '/api/v1/apps/:appId/glossary/:termId', ...editApp(404), call: `/api/v1/apps/:appId/glossary/${NO_ID}` },
];
