import { readApp, type MatrixRow } from '../support/matrix';

export const rows: MatrixRow[] = [{ method: 'GET', url: '/api/v1/apps/:appId/workspace', ...readApp() }];
