import { all, platformOnly, type MatrixRow } from '../support/matrix';

/** Core routes: configuration, authentication, identity, apps, users admin. */
export const rows: MatrixRow[] = [
  { method: 'GET', url: '/api/v1/console-config', own: all(200, 200) },
  { method: 'GET', url: '/api/v1/auth/config', own: all(200, 200) },
  { method: 'GET', url: '/api/v1/feature-flags/frontend', own: all(200, 200) },
  { method: 'POST', url: '/api/v1/auth/login', own: all(422, 422), json: {} },
  { method: 'GET', url: '/api/v1/auth/me', own: all(200) },
  { method: 'GET', url: '/api/v1/openapi.json', own: all(200) },
  { method: 'POST', url: '/api/v1/auth/extend-session', own: all(200) },
  { method: 'GET', url: '/api/v1/apps', own: all(200) },
  { method: 'GET', url: '/api/v1/subscription-tier-limit', own: all(200) },
  { method: 'GET', url: '/api/v1/admin/apps', own: platformOnly(200) },
  { method: 'GET', url: '/api/v1/auth/captcha', own: all(200, 200) },
  // The OTP step takes only an OTP-step token: an access token is refused like no token.
  { method: 'GET', url: '/api/v1/auth/otp', own: all(401, 401) },
  { method: 'POST', url: '/api/v1/auth/otp/verify', own: all(401, 401), json: { otp: '123456' } },
  { method: 'POST', url: '/api/v1/auth/otp/resend', own: all(401, 401) },
  { method: 'POST', url: '/api/v1/auth/totp/enrol', own: all(200) },
  { method: 'POST', url: '/api/v1/auth/totp/confirm', own: all(422), json: { code: '000000' } },
  { method: 'DELETE', url: '/api/v1/auth/totp', own: all(422), json: { password: 'not-the-password' } },
  { method: 'POST', url: '/api/v1/auth/signup', own: all(422, 422), json: {} },
  { method: 'POST', url: '/api/v1/auth/activate', own: all(422, 422), json: {} },
  { method: 'POST', url: '/api/v1/auth/activation/resend', own: all(422, 422), json: {} },
  { method: 'POST', url: '/api/v1/auth/forgot-password', own: all(422, 422), json: {} },
  { method: 'POST', url: '/api/v1/auth/reset-password', own: all(422, 422), json: {} },
  { method: 'POST', url: '/api/v1/auth/unlock', own: all(422, 422), json: {} },
  { method: 'POST', url: '/api/v1/auth/change-password', own: all(422), json: {} },
  // Logout revokes the session, so it runs last, once per caller.
  { method: 'POST', url: '/api/v1/auth/logout', own: all(200), last: true },
];

// /settings: the caller's own profile and sessions (appended by the audit issue).
rows.push(
  { method: 'PATCH', url: '/api/v1/auth/me', own: all(422), json: { name: '' } },
  { method: 'GET', url: '/api/v1/auth/sessions', own: all(200) },
  // Each caller holds one session in the matrix run: nothing else to end.
  { method: 'POST', url: '/api/v1/auth/sessions/revoke-others', own: all(200) },
  { method: 'DELETE', url: '/api/v1/auth/sessions/:sessionId', call: '/api/v1/auth/sessions/00000000-0000-4000-8000-000000000000', own: all(404) },
);
