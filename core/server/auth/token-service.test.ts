import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { test } from 'node:test';
import { SignJWT, UnsecuredJWT } from 'jose';
import type { SessionUser } from '@civic/core/common/model/user';
import { InvalidTokenError, TokenService } from './token-service';

const pair = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const foreign = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const now = new Date('2026-11-22T10:00:00Z');
const later = new Date(now.getTime() + 3600_000);
const service = new TokenService(pair.privateKey, pair.publicKey, () => now);
const user: SessionUser = {
  id: '4b3f6f1e-0000-4000-8000-000000000001',
  email: 'editor@demo.gov.sg',
  name: 'Demo Editor',
  isPlatformAdmin: false,
  permissions: { 'demo-plus': '1' },
  agencyName: 'Demo Agency',
  authLevel: 2,
  hasResetPassword: true,
};
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const claims = { typ: 'access', sid: 'session-1', authLevel: 2 };

function forged(overrides: { alg?: string; iss?: string; aud?: string; typ?: string } = {}) {
  return new SignJWT({ ...claims, typ: overrides.typ ?? 'access' })
    .setProtectedHeader({ alg: overrides.alg ?? 'RS512', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(overrides.iss ?? 'civic-console')
    .setAudience(overrides.aud ?? 'civic-console')
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(later));
}

async function rejects(token: string): Promise<void> {
  await assert.rejects(service.verify(token), InvalidTokenError);
}

test('a signed token verifies and carries the §3 user fields', async () => {
  const token = await service.sign(user, 'session-1', now, later);
  const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
  assert.deepEqual(header, { alg: 'RS512', typ: 'JWT' });
  const verified = await service.verify(token);
  assert.deepEqual(verified.user, user);
  assert.equal(verified.sessionId, 'session-1');
  assert.equal(verified.expiresAt.getTime(), later.getTime());
});

test('expired tokens are refused (by the injected clock)', async () => {
  const token = await service.sign(user, 'session-1', now, later);
  const afterExpiry = new TokenService(pair.privateKey, pair.publicKey, () => new Date(later.getTime() + 1000));
  await assert.rejects(afterExpiry.verify(token), InvalidTokenError);
});

test('alg none is refused', async () => {
  const token = new UnsecuredJWT({ ...claims }).setSubject(user.id).setIssuer('civic-console').setAudience('civic-console').setIssuedAt(seconds(now)).setExpirationTime(seconds(later)).encode();
  await rejects(token);
});

test('HS512 signed with the public key as the secret is refused', async () => {
  const secret = new TextEncoder().encode(pair.publicKey.export({ type: 'spki', format: 'pem' }) as string);
  await rejects(await forged({ alg: 'HS512' }).sign(secret));
});

test('a token signed by another RSA key is refused', async () => {
  await rejects(await forged().sign(foreign.privateKey));
});

test('RS256 with our own key is refused: the algorithm is pinned', async () => {
  await rejects(await forged({ alg: 'RS256' }).sign(pair.privateKey));
});

test('wrong typ, audience or issuer is refused', async () => {
  await rejects(await forged({ typ: 'otp' }).sign(pair.privateKey));
  await rejects(await forged({ aud: 'someone-else' }).sign(pair.privateKey));
  await rejects(await forged({ iss: 'someone-else' }).sign(pair.privateKey));
});

test('an embedded jwk header does not make a foreign key trusted', async () => {
  const jwk = foreign.publicKey.export({ format: 'jwk' });
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'RS512', typ: 'JWT', jwk: { kty: 'RSA', n: jwk.n!, e: jwk.e! } })
    .setSubject(user.id).setIssuer('civic-console').setAudience('civic-console').setIssuedAt(seconds(now)).setExpirationTime(seconds(later))
    .sign(foreign.privateKey);
  await rejects(token);
});

test('garbage is refused', async () => {
  for (const token of ['', 'abc', 'a.b.c', `${Buffer.from('{}').toString('base64url')}..`]) await rejects(token);
});

test('step tokens and access tokens are not interchangeable', async () => {
  const access = await service.sign(user, 'session-1', now, later);
  const step = await service.signStep('otp-step', user.id, 'attempt-1', now, later);
  const reset = await service.signStep('reset', user.id, 'link-1', now, later);
  const activation = await service.signStep('activation', user.id, 'link-2', now, later);
  await rejects(step);
  await rejects(reset);
  await rejects(activation);
  await assert.rejects(service.verifyStep(access, 'otp-step'), InvalidTokenError);
  await assert.rejects(service.verifyStep(reset, 'otp-step'), InvalidTokenError);
  await assert.rejects(service.verifyStep(step, 'reset'), InvalidTokenError);
  await assert.rejects(service.verifyStep(activation, 'reset'), InvalidTokenError);
  await assert.rejects(service.verifyStep(reset, 'activation'), InvalidTokenError);
  assert.deepEqual(await service.verifyStep(step, 'otp-step'), { userId: user.id, id: 'attempt-1', expiresAt: later });
});
