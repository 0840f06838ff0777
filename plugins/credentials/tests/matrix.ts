import { NO_ID, platformOnly, type MatrixRow } from '@civic/sdk/testing/server';

/** The credential kinds the default profile enables, with one secret field of each. */
const KINDS: Record<string, string> = {
  'credential-sso': 'clientSecret',
  'credential-support-desk': 'apiKey',
  'credential-whatsapp': 'accessToken',
  'credential-telegram': 'botToken',
  'credential-payment': 'apiKey',
  'credential-live-chat': 'apiKey',
};

const base = '/api/v1/admin/credentials';

export const rows: MatrixRow[] = Object.entries(KINDS).flatMap(([kind, secret]): MatrixRow[] => [
  { method: 'GET', url: `${base}/${kind}`, own: platformOnly(200) },
  { method: 'POST', url: `${base}/${kind}`, own: platformOnly(422), json: {} },
  { method: 'GET', url: `${base}/${kind}/:credentialId`, call: `${base}/${kind}/${NO_ID}`, own: platformOnly(404) },
  { method: 'PATCH', url: `${base}/${kind}/:credentialId`, call: `${base}/${kind}/${NO_ID}`, own: platformOnly(422), json: {} },
  { method: 'DELETE', url: `${base}/${kind}/:credentialId`, call: `${base}/${kind}/${NO_ID}`, own: platformOnly(404) },
  { method: 'POST', url: `${base}/${kind}/:credentialId/test`, call: `${base}/${kind}/${NO_ID}/test`, own: platformOnly(404) },
  { method: 'PUT', url: `${base}/${kind}/:credentialId/secrets/:field`, call: `${base}/${kind}/${NO_ID}/secrets/${secret}`, own: platformOnly(422), json: {} },
  { method: 'DELETE', url: `${base}/${kind}/:credentialId/secrets/:field`, call: `${base}/${kind}/${NO_ID}/secrets/${secret}`, own: platformOnly(404) },
]);
