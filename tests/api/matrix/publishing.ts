import { adminApp, editApp, NO_ID, readApp, type MatrixRow } from '../support/matrix';

export const rows: MatrixRow[] = [
  { method: 'GET', url: '/api/v1/apps/:appId/jobs', ...readApp() },
  { method: 'GET', url: '/api/v1/apps/:appId/jobs/:jobId', call: `/api/v1/apps/:appId/jobs/${NO_ID}`, ...readApp(404) },
  { method: 'POST', url: '/api/v1/apps/:appId/jobs/:jobId/cancel', call: `/api/v1/apps/:appId/jobs/${NO_ID}/cancel`, ...editApp(404) },
  { method: 'GET', url: '/api/v1/apps/:appId/publishing', ...readApp() },
  { method: 'GET', url: '/api/v1/apps/:appId/draft-progress', ...readApp() },
  { method: 'POST', url: '/api/v1/apps/:appId/publishing/publish', ...editApp(202), json: { note: 'matrix' } },
  { method: 'POST', url: '/api/v1/apps/:appId/publishing/requests/:requestId/approve', call: `/api/v1/apps/:appId/publishing/requests/${NO_ID}/approve`, ...adminApp(404) },
  { method: 'POST', url: '/api/v1/apps/:appId/publishing/requests/:requestId/reject', call: `/api/v1/apps/:appId/publishing/requests/${NO_ID}/reject`, ...editApp(404), json: {} },
  { method: 'POST', url: '/api/v1/apps/:appId/publishing/rollback', ...adminApp(404), json: { versionId: NO_ID } },
  { method: 'PATCH', url: '/api/v1/apps/:appId/publishing/settings', ...adminApp(), json: { requireApproval: false } },
  { method: 'GET', url: '/api/v1/apps/:appId/publishing/diff', ...readApp() },
  { method: 'GET', url: '/api/v1/apps/:appId/versions/:versionId/export', call: `/api/v1/apps/:appId/versions/${NO_ID}/export`, ...readApp(404) },
  { method: 'GET', url: '/api/v1/apps/:appId/export', ...readApp() },
  // Three zero bytes are not a zip: the type is checked by content.
  { method: 'POST', url: '/api/v1/apps/:appId/import', ...editApp(415), json: { fileName: 'agent.zip', content: 'AAAA' } },
  { method: 'POST', url: '/api/v1/apps/:appId/import/preview', ...editApp(415), json: { fileName: 'agent.zip', content: 'AAAA' } },
  // "question,answer" and one row, base64: a valid CSV.
  { method: 'POST', url: '/api/v1/apps/:appId/bulk-import/preview', ...editApp(), json: { fileName: 'qna.csv', content: Buffer.from('question,answer\nMatrix question,Matrix answer\n').toString('base64') } },
  { method: 'POST', url: '/api/v1/apps/:appId/bulk-import', ...editApp(202), json: { fileName: 'qna.csv', content: Buffer.from('question,answer\nMatrix question,Matrix answer\n').toString('base64') } },
  { method: 'POST', url: '/api/v1/apps/:appId/qna-generator/apply', ...editApp(202), json: { source: 'faq.html', pairs: [{ question: 'Matrix generated?', answer: 'Yes.' }] } },
  // Plain text is not a PDF: the type is checked by content.
  { method: 'POST', url: '/api/v1/apps/:appId/qna-generator/pdf', ...editApp(415), json: { fileName: 'faq.pdf', content: Buffer.from('How do I renew?').toString('base64') } },
  { method: 'GET', url: '/api/v1/apps/:appId/conflicts', ...readApp() },
  { method: 'GET', url: '/api/v1/apps/:appId/conflicts/groups/:intentA/:intentB/pairs', call: `/api/v1/apps/:appId/conflicts/groups/${NO_ID}/${NO_ID}/pairs`, ...readApp(404) },
  { method: 'POST', url: '/api/v1/apps/:appId/conflicts/run', ...editApp(202) },
  { method: 'POST', url: '/api/v1/apps/:appId/conflicts/phrases/:phraseId/move', call: `/api/v1/apps/:appId/conflicts/phrases/${NO_ID}/move`, ...editApp(404), json: { toIntentId: NO_ID } },
  { method: 'DELETE', url: '/api/v1/apps/:appId/conflicts/phrases/:phraseId', call: `/api/v1/apps/:appId/conflicts/phrases/${NO_ID}`, ...editApp(404) },
];
