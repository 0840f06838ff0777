import { adminApp, all, platformOnly, readApp, type MatrixRow } from '@civic/sdk/testing/server';

const report = (url: string): MatrixRow => ({ method: 'GET', url, ...readApp(200) });

/** This plugin's rows of the access matrix (tests/api/access-matrix.test.ts collects them). */
export const rows: MatrixRow[] = [
  report('/api/v1/apps/:appId/analytics/dashboard'),
  report('/api/v1/apps/:appId/analytics/sessions'),
  report('/api/v1/apps/:appId/analytics/csat'),
  report('/api/v1/apps/:appId/analytics/intents'),
  report('/api/v1/apps/:appId/analytics/intents/points'),
  { ...report('/api/v1/apps/:appId/analytics/intents/transcripts'), call: '/api/v1/apps/:appId/analytics/intents/transcripts?intent=Fees' },
  report('/api/v1/apps/:appId/analytics/superbot'),
  report('/api/v1/apps/:appId/analytics/bot-summary'),
  { method: 'POST', url: '/api/v1/feature-usages', own: all(201), json: { event: 'click', feature: 'matrix' } },
  { method: 'GET', url: '/api/v1/admin/feature-analytics', own: platformOnly(200) },
  { method: 'GET', url: '/api/v1/apps/:appId/analytics/report-schedule', ...adminApp(200) },
  { method: 'PUT', url: '/api/v1/apps/:appId/analytics/report-schedule', ...adminApp(422), json: {} },
  // Nobody saved a schedule in the matrix run: sending is refused as a conflict.
  { method: 'POST', url: '/api/v1/apps/:appId/analytics/report-schedule/send', ...adminApp(409) },
  { ...report('/api/v1/apps/:appId/analytics/bot-summary/export'), call: '/api/v1/apps/:appId/analytics/bot-summary/export?format=csv' },
];
