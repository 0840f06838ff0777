import { adminApp, all, NO_ID, readApp, type MatrixRow } from '@civic/sdk/testing/server';

/**
 * This plugin's rows of the access matrix (tests/api/access-matrix.test.ts collects them). The
 * "other" app (test-other) is not in the profile's subscriberAppIds: 404 for everyone signed in,
 * even its admins; and for the public routes, for anyone.
 */
const notListed = all(404);
const TOKEN = 'A'.repeat(43);
const OPT_IN = { channel: 'WEB_CHAT', contact: 'matrix@example.com', consent: true, consentVersion: 'v1' };

export const rows: MatrixRow[] = [
  { method: 'GET', url: '/api/v1/apps/:appId/subscribers', own: readApp(200).own, other: notListed },
  { method: 'GET', url: '/api/v1/apps/:appId/subscribers/summary', own: readApp(200).own, other: notListed },
  { method: 'POST', url: '/api/v1/apps/:appId/subscribers/:subscriberId/reveal', call: `/api/v1/apps/:appId/subscribers/${NO_ID}/reveal`, own: adminApp(404).own, other: notListed },
  { method: 'DELETE', url: '/api/v1/apps/:appId/subscribers/:subscriberId', call: `/api/v1/apps/:appId/subscribers/${NO_ID}`, own: adminApp(404).own, other: notListed },
  { method: 'POST', url: '/api/v1/apps/:appId/subscribers/export', own: adminApp(200).own, other: notListed },
  { method: 'POST', url: '/api/v1/chat/:appId/subscriptions', json: OPT_IN, own: all(200, 200), other: all(404, 404) },
  { method: 'GET', url: '/api/v1/chat/:appId/subscriptions/unsubscribe/:token', call: `/api/v1/chat/:appId/subscriptions/unsubscribe/${TOKEN}`, own: all(404, 404), other: all(404, 404) },
  { method: 'POST', url: '/api/v1/chat/:appId/subscriptions/unsubscribe/:token', call: `/api/v1/chat/:appId/subscriptions/unsubscribe/${TOKEN}`, own: all(404, 404), other: all(404, 404) },
];
