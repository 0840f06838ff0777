import { editApp, NO_ID, type MatrixRow } from '../support/matrix';

/** Entities: editors and admins only (§6, viewers do not see Entities). Bodies that would change data are refused after access. */
const valid = { display_name: 'matrix', kind: 'KIND_LIST', enable_fuzzy_extraction: false, entities: [{ value: 'x', synonyms: [] }], version: 1 };

export const rows: MatrixRow[] = [
  { method: 'GET', url: '/api/v1/apps/:appId/entities', ...editApp() },
  { method: 'POST', url: '/api/v1/apps/:appId/entities', ...editApp(422), json: { display_name: '9bad', kind: 'KIND_MAP', entities: [] } },
  { method: 'GET', url: '/api/v1/apps/:appId/entities/:entityId', ...editApp(404), call: `/api/v1/apps/:appId/entities/${NO_ID}` },
  { method: 'PUT', url: '/api/v1/apps/:appId/entities/:entityId', ...editApp(404), call: `/api/v1/apps/:appId/entities/${NO_ID}`, json: valid },
  { method: 'DELETE', url: '/api/v1/apps/:appId/entities/:entityId', ...editApp(404), call: `/api/v1/apps/:appId/entities/${NO_ID}` },
];
