import { editApp, NO_ID, platformOnly, readApp, type Expect, type MatrixRow } from '../support/matrix';

/** The public chat API: the same answer for every caller (the route's own guards decide, not roles). */
const everyone = (status: number): Expect => ({ platformAdmin: status, appAdmin: status, editor: status, viewer: status, outsider: status, anonymous: status });

/** Draft sessions: members of the app (and platform admins) only; anyone else 403, signed in or not. */
const draftMembers: Pick<MatrixRow, 'own' | 'other'> = {
  own: { platformAdmin: 201, appAdmin: 201, editor: 201, viewer: 201, outsider: 403, anonymous: 403 },
  other: { platformAdmin: 201, appAdmin: 403, editor: 403, viewer: 403, outsider: 201, anonymous: 403 },
};

/** Auto-complete and recommendations on the draft: members only too (200 where a draft session is 201). */
const draftSuggest: Pick<MatrixRow, 'own' | 'other'> = {
  own: { platformAdmin: 200, appAdmin: 200, editor: 200, viewer: 200, outsider: 403, anonymous: 403 },
  other: { platformAdmin: 200, appAdmin: 403, editor: 403, viewer: 403, outsider: 200, anonymous: 403 },
};

/** Platform-admin routes on one app: others see 403 on an app they hold, 404 on one they do not. */
const platformAdminOnApp = (status: number): Pick<MatrixRow, 'own' | 'other'> => ({
  own: { platformAdmin: status, appAdmin: 403, editor: 403, viewer: 403, outsider: 404, anonymous: 401 },
  other: { platformAdmin: status, appAdmin: 404, editor: 404, viewer: 404, outsider: 403, anonymous: 401 },
});

export const rows: MatrixRow[] = [
  { method: 'POST', url: '/api/v1/chat/:appId/sessions', ...draftMembers, json: { environment: 'draft' } },
  { method: 'POST', url: '/api/v1/chat/:appId/sessions/:sessionId/messages', own: everyone(404), call: `/api/v1/chat/:appId/sessions/${NO_ID}/messages`, json: { text: 'hello' } },
  { method: 'POST', url: '/api/v1/chat/:appId/transcripts/:transcriptId/feedback', own: everyone(404), call: `/api/v1/chat/:appId/transcripts/${NO_ID}/feedback`, json: { thumbsUp: true } },
  { method: 'POST', url: '/api/v1/chat/:appId/sessions/:sessionId/csat', own: everyone(404), call: `/api/v1/chat/:appId/sessions/${NO_ID}/csat`, json: { rating: 5 } },
  { method: 'GET', url: '/api/v1/admin/dialog-engine/apps', own: platformOnly(200) },
  // The widget's auto-complete and recommendations on the draft: members only, like draft sessions.
  { method: 'GET', url: '/api/v1/chat/:appId/suggestions', call: '/api/v1/chat/:appId/suggestions?q=passport&environment=draft', ...draftSuggest },
  { method: 'GET', url: '/api/v1/chat/:appId/recommendations', call: '/api/v1/chat/:appId/recommendations?q=passport&environment=draft', ...draftSuggest },
  {
    method: 'PUT',
    url: '/api/v1/admin/dialog-engine/apps/:appId/:environment',
    call: '/api/v1/admin/dialog-engine/apps/:appId/draft',
    ...platformAdminOnApp(200),
    json: { engine: 'CIVIC_DIALOG_ENGINE' },
  },
  { method: 'POST', url: '/api/v1/admin/dialog-engine/apps/:appId/:environment/test', call: '/api/v1/admin/dialog-engine/apps/:appId/draft/test', ...platformAdminOnApp(200), json: { text: 'hello' } },
  { method: 'POST', url: '/api/v1/admin/dialog-engine/apps/:appId/:environment/train', call: '/api/v1/admin/dialog-engine/apps/:appId/draft/train', ...platformAdminOnApp(202) },
  { method: 'POST', url: '/api/v1/apps/:appId/replay', ...editApp() },
  { method: 'GET', url: '/api/v1/apps/:appId/fallback-threshold', ...readApp() },
];
