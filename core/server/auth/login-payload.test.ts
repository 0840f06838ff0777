import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { test } from 'node:test';
import { decryptLoginPayload, encryptLoginPayload } from './login-payload';

const key = crypto.randomBytes(32);
const now = new Date('2026-11-22T10:00:00Z');
const seconds = Math.floor(now.getTime() / 1000);

test('decrypts a payload made like the browser makes it (WebCrypto AES-GCM)', async () => {
  const iv = crypto.randomBytes(12);
  const cryptoKey = await crypto.webcrypto.subtle.importKey('raw', key, 'AES-GCM', false, ['encrypt']);
  const sealed = await crypto.webcrypto.subtle.encrypt({ name: 'AES-GCM', iv }, cryptoKey, new TextEncoder().encode(`pa|ss:wörd|${seconds}`));
  const field = `${iv.toString('base64')}:${Buffer.from(sealed).toString('base64')}`;
  assert.deepEqual(decryptLoginPayload(field, key, now), { password: 'pa|ss:wörd', iv: iv.toString('base64'), timestamp: seconds });
});

test('Node encryption round-trips', () => {
  const field = encryptLoginPayload('Secret-Password-1', key, seconds);
  assert.equal(decryptLoginPayload(field, key, now)?.password, 'Secret-Password-1');
});

test('a tampered ciphertext, IV or tag is refused', () => {
  const field = encryptLoginPayload('Secret-Password-1', key, seconds);
  const [iv, body] = field.split(':');
  const bytes = Buffer.from(body, 'base64');
  for (const index of [0, bytes.length - 1]) {
    const flipped = Buffer.from(bytes);
    flipped[index] ^= 1;
    assert.equal(decryptLoginPayload(`${iv}:${flipped.toString('base64')}`, key, now), undefined);
  }
  const otherIv = crypto.randomBytes(12).toString('base64');
  assert.equal(decryptLoginPayload(`${otherIv}:${body}`, key, now), undefined);
});

test('another key is refused', () => {
  const field = encryptLoginPayload('Secret-Password-1', crypto.randomBytes(32), seconds);
  assert.equal(decryptLoginPayload(field, key, now), undefined);
});

test('timestamps more than 120 s away either way are refused', () => {
  assert.ok(decryptLoginPayload(encryptLoginPayload('p', key, seconds - 120), key, now));
  assert.ok(decryptLoginPayload(encryptLoginPayload('p', key, seconds + 120), key, now));
  assert.equal(decryptLoginPayload(encryptLoginPayload('p', key, seconds - 121), key, now), undefined);
  assert.equal(decryptLoginPayload(encryptLoginPayload('p', key, seconds + 121), key, now), undefined);
});

test('malformed fields are refused without throwing', () => {
  for (const field of ['', 'plain-password', 'a:b:c', '!!!:???', `${Buffer.alloc(8).toString('base64')}:${Buffer.alloc(40).toString('base64')}`, `${Buffer.alloc(12).toString('base64')}:AAAA`]) {
    assert.equal(decryptLoginPayload(field, key, now), undefined, field);
  }
});

test('a plaintext without a timestamp is refused', () => {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update('no-timestamp-here', 'utf8'), cipher.final(), cipher.getAuthTag()]);
  assert.equal(decryptLoginPayload(`${iv.toString('base64')}:${body.toString('base64')}`, key, now), undefined);
});
