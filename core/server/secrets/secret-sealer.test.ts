import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { test } from 'node:test';
import { keyIdOf, SecretSealError, SecretSealer } from './secret-sealer';

const oldKey = crypto.randomBytes(32);
const newKey = crypto.randomBytes(32);

test('a sealed value opens with its context and holds no plaintext', () => {
  const sealer = new SecretSealer([oldKey]);
  const sealed = sealer.seal('sk_live_abcdef123456', 'row-1:apiKey');
  assert.ok(!sealed.includes('sk_live'));
  assert.ok(!Buffer.from(sealed.split('.').slice(2).join(''), 'base64url').toString('latin1').includes('sk_live'));
  assert.equal(sealer.open(sealed, 'row-1:apiKey'), 'sk_live_abcdef123456');
  assert.equal(sealed.split('.')[1], keyIdOf(oldKey));
});

test('each seal uses a fresh data key and IV', () => {
  const sealer = new SecretSealer([oldKey]);
  const a = sealer.seal('same', 'c');
  const b = sealer.seal('same', 'c');
  assert.notEqual(a, b);
  assert.notEqual(a.split('.')[3], b.split('.')[3]);
  assert.notEqual(a.split('.')[4], b.split('.')[4]);
});

test('another context (row or field) does not open it', () => {
  const sealer = new SecretSealer([oldKey]);
  const sealed = sealer.seal('value', 'row-1:apiKey');
  assert.throws(() => sealer.open(sealed, 'row-2:apiKey'), (e: unknown) => e instanceof SecretSealError && e.reason === 'tampered');
});

test('a changed byte anywhere is refused as tampered, a broken text as malformed', () => {
  const sealer = new SecretSealer([oldKey]);
  const sealed = sealer.seal('value', 'c');
  const parts = sealed.split('.');
  for (const index of [2, 3, 4, 5]) {
    const bytes = Buffer.from(parts[index], 'base64url');
    bytes[bytes.length - 1] ^= 1;
    const changed = [...parts];
    changed[index] = bytes.toString('base64url');
    assert.throws(() => sealer.open(changed.join('.'), 'c'), (e: unknown) => e instanceof SecretSealError && e.reason === 'tampered', `part ${index}`);
  }
  assert.throws(() => sealer.open('plain text', 'c'), (e: unknown) => e instanceof SecretSealError && e.reason === 'malformed');
  assert.throws(() => sealer.open(`cs1.${parts[1]}.AA.AA.AA.AA`, 'c'), (e: unknown) => e instanceof SecretSealError && e.reason === 'malformed');
});

test('a ring of keys: the newest seals, every key opens, rewrap moves a value to the newest', () => {
  const before = new SecretSealer([oldKey]);
  const sealed = before.seal('value', 'c');
  const ring = new SecretSealer([newKey, oldKey]);
  assert.equal(ring.open(sealed, 'c'), 'value');
  assert.equal(ring.isCurrent(sealed), false);
  const rewrapped = ring.rewrap(sealed, 'c');
  assert.equal(ring.isCurrent(rewrapped), true);
  assert.equal(rewrapped.split('.')[5], sealed.split('.')[5], 'the value itself is not re-encrypted');
  assert.equal(new SecretSealer([newKey]).open(rewrapped, 'c'), 'value');
  assert.throws(() => new SecretSealer([newKey]).open(sealed, 'c'), (e: unknown) => e instanceof SecretSealError && e.reason === 'unknown-key');
  assert.equal(ring.rewrap(rewrapped, 'c'), rewrapped);
});

test('error messages name no value and no key', () => {
  const sealer = new SecretSealer([oldKey]);
  const sealed = sealer.seal('hunter2-secret', 'c');
  try {
    sealer.open(sealed, 'other');
    assert.fail('opened');
  } catch (error) {
    assert.ok(!(error as Error).message.includes('hunter2'));
    assert.ok(!(error as Error).message.includes(oldKey.toString('base64')));
  }
});
