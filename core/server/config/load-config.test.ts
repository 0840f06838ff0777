import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ConfigError } from './config-error';
import { loadConfig } from './load-config';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'civic-config-'));
}

function problemsOf(env: Record<string, string>, options: { needsKeys?: boolean } = {}): string[] {
  try {
    loadConfig(env, { cwd: tempDir(), ...options });
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.problems;
  }
  assert.fail('expected a ConfigError');
}

test('defaults: port 8080, embedded database in .civic-data, default profile and its switches', () => {
  const cwd = tempDir();
  const config = loadConfig({ NODE_ENV: 'test' }, { cwd });
  assert.equal(config.port, 8080);
  assert.equal(config.host, '0.0.0.0');
  assert.equal(config.publicUrl, 'http://localhost:8080');
  assert.deepEqual(config.database, { kind: 'pglite', dir: path.join(cwd, '.civic-data', 'pglite') });
  assert.equal(config.profileName, 'default');
  assert.deepEqual(config.switches, { twoFactor: true, captcha: true, history: false, fileResponses: false });
  assert.equal(config.keys.source, 'ephemeral');
  assert.equal(config.keys.loginKey.length, 32);
});

test('switch variables override the profile', () => {
  const config = loadConfig({ NODE_ENV: 'test', CIVIC_TWO_FACTOR: 'off', CIVIC_HISTORY: 'on' }, { cwd: tempDir() });
  assert.equal(config.switches.twoFactor, false);
  assert.equal(config.switches.history, true);
  assert.equal(config.profile.switches.twoFactor, false);
});

test('the profile carries the §4 inactivity timings and the lock time (25, 5 and 30 minutes by default)', () => {
  const { identity, lockout } = loadConfig({ NODE_ENV: 'test' }, { cwd: tempDir() }).profile;
  assert.deepEqual([identity.inactivityPromptMinutes, identity.autoLogoffMinutes, lockout.lockMinutes], [25, 5, 30]);
});

test('CIVIC_AUTH_RATE_LIMIT overrides the profile limit; a non-number is refused', () => {
  assert.equal(loadConfig({ NODE_ENV: 'test' }, { cwd: tempDir() }).profile.identity.authRequestsPerMinute, 10);
  assert.equal(loadConfig({ NODE_ENV: 'test', CIVIC_AUTH_RATE_LIMIT: '0' }, { cwd: tempDir() }).profile.identity.authRequestsPerMinute, 0);
  assert.ok(problemsOf({ NODE_ENV: 'test', CIVIC_AUTH_RATE_LIMIT: 'many' }).some((p) => p.startsWith('CIVIC_AUTH_RATE_LIMIT')));
});

test('every bad variable is reported at once, by name', () => {
  const problems = problemsOf({
    NODE_ENV: 'test',
    PORT: 'eighty',
    DATABASE_URL: 'mysql://x',
    CIVIC_CAPTCHA: 'yes',
    CIVIC_LOGIN_KEY: 'short',
    LOG_LEVEL: 'loud',
  });
  for (const name of ['PORT', 'DATABASE_URL', 'CIVIC_CAPTCHA', 'CIVIC_LOGIN_KEY', 'LOG_LEVEL']) {
    assert.ok(problems.some((p) => p.startsWith(name)), `${name} reported in ${JSON.stringify(problems)}`);
  }
  assert.match(new ConfigError(problems).message, /^Invalid configuration:\n {2}- /);
});

test('PORT above 65535 is refused', () => {
  assert.deepEqual(problemsOf({ NODE_ENV: 'test', PORT: '70000' }), ['PORT must be a whole number from 0 to 65535']);
});

test('an unknown profile is reported', () => {
  const problems = problemsOf({ NODE_ENV: 'test', CIVIC_PROFILE: 'nope' });
  assert.match(problems[0], /^CIVIC_PROFILE: cannot read .*nope\.json \(no such file\)/);
});

test('an invalid profile lists its bad fields', () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'broken.json'), JSON.stringify({ $comment: 'x', plugins: ['Bad_Id'], surprise: 1 }));
  try {
    loadConfig({ NODE_ENV: 'test', CIVIC_PROFILE: 'broken' }, { cwd: dir, profilesDir: dir });
    assert.fail('expected a ConfigError');
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    assert.ok(error.problems.some((p) => p.includes('plugin ids are kebab-case')));
    assert.ok(error.problems.some((p) => p.includes('surprise is not an accepted field')));
    assert.ok(error.problems.some((p) => p.includes('switches')));
  }
});

test('PostgreSQL deployments must give their keys explicitly', () => {
  const problems = problemsOf({ DATABASE_URL: 'postgres://db/civic' });
  assert.equal(problems.length, 5);
  assert.match(problems[0], /^CIVIC_LOGIN_KEY is required when DATABASE_URL is set/);
  assert.match(problems[1], /^CIVIC_TOKEN_PRIVATE_KEY is required/);
  assert.match(problems[2], /^CIVIC_TOKEN_PUBLIC_KEY is required/);
  assert.match(problems[3], /^CIVIC_SECRETS_KEY is required/);
  assert.match(problems[4], /^CIVIC_AUDIT_KEY is required/);
});

test('given keys are used and must match', () => {
  const pair = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const env = {
    DATABASE_URL: 'postgres://db/civic',
    CIVIC_LOGIN_KEY: crypto.randomBytes(32).toString('base64'),
    CIVIC_TOKEN_PRIVATE_KEY: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    CIVIC_TOKEN_PUBLIC_KEY: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    CIVIC_SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
    CIVIC_AUDIT_KEY: crypto.randomBytes(32).toString('base64'),
  };
  const config = loadConfig(env, { cwd: tempDir() });
  assert.equal(config.keys.source, 'environment');
  assert.equal(config.keys.loginKey.toString('base64'), env.CIVIC_LOGIN_KEY);
  assert.equal(config.keys.auditKey.toString('base64'), env.CIVIC_AUDIT_KEY);
  const mismatched = { ...env, CIVIC_TOKEN_PUBLIC_KEY: other.publicKey.export({ type: 'spki', format: 'pem' }).toString() };
  assert.deepEqual(problemsOf(mismatched), ['CIVIC_TOKEN_PUBLIC_KEY does not belong to CIVIC_TOKEN_PRIVATE_KEY']);
});

test('embedded start generates owner-only key files once and reuses them', () => {
  const cwd = tempDir();
  const first = loadConfig({}, { cwd });
  assert.equal(first.keys.source, 'data-dir');
  const keyFile = path.join(cwd, '.civic-data', 'keys', 'token-private.pem');
  assert.equal(fs.statSync(keyFile).mode & 0o777, 0o600);
  const second = loadConfig({}, { cwd });
  assert.ok(first.keys.loginKey.equals(second.keys.loginKey));
  assert.ok(
    first.keys.tokenPublicKey.export({ type: 'spki', format: 'der' }).equals(second.keys.tokenPublicKey.export({ type: 'spki', format: 'der' })),
  );
});

test('CIVIC_TRUSTED_PROXIES: none by default, a hop count, or proxy networks; CIVIC_TRUST_PROXY=on (every hop) is refused', () => {
  const trust = (value: string) => loadConfig({ NODE_ENV: 'test', CIVIC_TRUSTED_PROXIES: value }, { cwd: tempDir() }).trustProxy;
  assert.equal(loadConfig({ NODE_ENV: 'test' }, { cwd: tempDir() }).trustProxy, false);
  assert.equal(trust('2'), 2);
  assert.deepEqual(trust('10.0.0.0/8, 192.168.1.7 ,fd00::/8,loopback'), ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback']);
  assert.match(problemsOf({ NODE_ENV: 'test', CIVIC_TRUSTED_PROXIES: '10.0.0.0/33,proxy.example' }).join('\n'), /not understood: 10\.0\.0\.0\/33, proxy\.example/);
  assert.match(problemsOf({ NODE_ENV: 'test', CIVIC_TRUSTED_PROXIES: '99' }).join('\n'), /hop count is at most 16/);
  assert.match(problemsOf({ NODE_ENV: 'test', CIVIC_TRUST_PROXY: 'on' }).join('\n'), /CIVIC_TRUST_PROXY is replaced by CIVIC_TRUSTED_PROXIES/);
  assert.equal(loadConfig({ NODE_ENV: 'test', CIVIC_TRUST_PROXY: 'off' }, { cwd: tempDir() }).trustProxy, false);
});

test('CIVIC_OUTBOUND_ALLOW: nothing by default; host names (*.name for subdomains), addresses and networks; anything else is refused', () => {
  const allow = (value: string) => loadConfig({ NODE_ENV: 'test', CIVIC_OUTBOUND_ALLOW: value }, { cwd: tempDir() }).outboundAllow;
  assert.deepEqual(loadConfig({ NODE_ENV: 'test' }, { cwd: tempDir() }).outboundAllow, { hosts: [], networks: [] });
  assert.deepEqual(allow('Engine.Agency.Internal., *.corp.example, 10.20.0.0/16 ,192.168.1.5,[fd12::]/48, ::1'), {
    hosts: ['engine.agency.internal', '*.corp.example'],
    networks: ['10.20.0.0/16', '192.168.1.5', 'fd12::/48', '::1'],
  });
  assert.match(problemsOf({ NODE_ENV: 'test', CIVIC_OUTBOUND_ALLOW: '10.0.0.0/33, https://x.example, 127.1, bad_name' }).join('\n'), /CIVIC_OUTBOUND_ALLOW .*not understood: 10\.0\.0\.0\/33, https:\/\/x\.example, 127\.1, bad_name/);
});

test('the audit key: generated into the data folder once, and the seed tool uses that same key', () => {
  const cwd = tempDir();
  const first = loadConfig({}, { cwd });
  const keyFile = path.join(cwd, '.civic-data', 'keys', 'audit.key');
  assert.equal(fs.statSync(keyFile).mode & 0o777, 0o600);
  assert.equal(first.keys.auditKey.length, 32);
  assert.ok(first.keys.auditKey.equals(loadConfig({}, { cwd }).keys.auditKey));
  // npm run seed signs nothing, but its audit row must verify on the server.
  assert.ok(first.keys.auditKey.equals(loadConfig({}, { cwd, needsKeys: false }).keys.auditKey));
  assert.deepEqual(problemsOf({ CIVIC_AUDIT_KEY: 'short' }), ['CIVIC_AUDIT_KEY must be 32 bytes in base64 (44 characters)']);
  assert.equal(loadConfig({ CIVIC_AUDIT_CHECKPOINT_MINUTES: '15' }, { cwd }).auditCheckpoint.everyMinutes, 15);
  assert.equal(first.auditCheckpoint.file, path.join(cwd, '.civic-data', 'audit-checkpoint.json'));
});

test('the seed tool on PostgreSQL needs the audit key even though it signs nothing else', () => {
  assert.deepEqual(problemsOf({ DATABASE_URL: 'postgres://db/civic' }, { needsKeys: false }), [
    'CIVIC_AUDIT_KEY is required when DATABASE_URL is set (32 random bytes, base64; keep it outside the database)',
  ]);
});

test('CIVIC_SECRETS_KEY may hold several keys, newest first: all form the ring, TOTP keeps the last', () => {
  const newest = crypto.randomBytes(32).toString('base64');
  const oldest = crypto.randomBytes(32).toString('base64');
  const config = loadConfig({ NODE_ENV: 'test', CIVIC_SECRETS_KEY: `${newest}, ${oldest}` });
  assert.deepEqual(config.keys.secretKeyRing.map((k) => k.toString('base64')), [newest, oldest]);
  assert.equal(config.keys.secretsKey.toString('base64'), oldest);
  assert.throws(() => loadConfig({ NODE_ENV: 'test', CIVIC_SECRETS_KEY: `${newest},short` }), /CIVIC_SECRETS_KEY must be 32 bytes in base64/);
});
