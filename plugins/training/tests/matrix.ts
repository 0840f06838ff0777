import { adminApp, all, editApp, NO_ID, readApp, type MatrixRow } from '@civic/sdk/testing/server';

/** This plugin's rows of the access matrix (tests/api/access-matrix.test.ts collects them). */
export const rows: MatrixRow[] = [
  { method: 'POST', url: '/api/v1/apps/:appId/transcripts/search', ...readApp(200), json: {} },
  { method: 'POST', url: '/api/v1/apps/:appId/transcripts/bulk-update-review-status', ...editApp(422), json: {} },
  { method: 'POST', url: '/api/v1/apps/:appId/transcripts/trained', ...editApp(422), json: {} },
  { method: 'GET', url: '/api/v1/apps/:appId/transcripts/pending-count', ...readApp(200) },
  { method: 'POST', url: '/api/v1/apps/:appId/transcripts/classification', ...editApp(422), json: {} },
  { method: 'POST', url: '/api/v1/apps/:appId/training-accuracy', ...editApp(200) },
  { method: 'POST', url: '/api/v1/apps/:appId/transcripts/:transcriptId/reveal', call: `/api/v1/apps/:appId/transcripts/${NO_ID}/reveal`, ...adminApp(404) },
  { method: 'GET', url: '/api/v1/apps/:appId/training-hub/suggestions', ...readApp(200) },
  // No intentId: refused as invalid before any provider is asked.
  { method: 'GET', url: '/api/v1/apps/:appId/training-hub/paraphrases', ...editApp(422) },
  { method: 'POST', url: '/api/v1/feature-usages/auto-tp/actions', own: all(422), json: {} },
  { method: 'POST', url: '/api/v1/apps/:appId/training-clusters', ...editApp(422), json: { start: 'soon' } },
  { method: 'GET', url: '/api/v1/apps/:appId/training-clusters/:jobId', call: `/api/v1/apps/:appId/training-clusters/${NO_ID}`, ...readApp(404) },
  // The history switch (CIVIC_HISTORY) is off in the default profile: refused to everyone who may see the app.
  {
    method: 'GET',
    url: '/api/v1/apps/:appId/training-history',
    own: { platformAdmin: 403, appAdmin: 403, editor: 403, viewer: 403, outsider: 404, anonymous: 401 },
    other: { platformAdmin: 403, appAdmin: 404, editor: 404, viewer: 404, outsider: 403, anonymous: 401 },
  },
];
