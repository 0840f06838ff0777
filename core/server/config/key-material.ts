import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { KeyMaterial } from './server-config';

export interface KeyInputs {
  loginKey?: string;
  privateKeyPem?: string;
  publicKeyPem?: string;
  secretsKey?: string;
  auditKey?: string;
}

/** How keys that the environment does not give are obtained. */
export type KeyFallback = { kind: 'data-dir'; dir: string } | { kind: 'ephemeral' } | { kind: 'required' };

const MIN_RSA_BITS = 2048;

/**
 * Resolves the login key and the RS512 token key pair. Given keys are checked (RSA, ≥ 2048 bits,
 * public matches private). Missing keys are generated into `<dataDir>/keys` (mode 0600) and reused
 * by later starts, generated in memory (tests), or reported as required (PostgreSQL deployments,
 * where several servers must share them).
 */
export function resolveKeyMaterial(input: KeyInputs, fallback: KeyFallback): { keys?: KeyMaterial; problems: string[] } {
  const problems: string[] = [];
  const hasTokenKeys = Boolean(input.privateKeyPem || input.publicKeyPem);
  if (fallback.kind === 'required') {
    if (!input.loginKey) problems.push('CIVIC_LOGIN_KEY is required when DATABASE_URL is set (32 random bytes, base64)');
    if (!input.privateKeyPem) problems.push('CIVIC_TOKEN_PRIVATE_KEY is required when DATABASE_URL is set (PEM RSA private key, 2048 bits or more)');
    if (!input.publicKeyPem) problems.push('CIVIC_TOKEN_PUBLIC_KEY is required when DATABASE_URL is set (PEM RSA public key of that private key)');
    if (!input.secretsKey) problems.push('CIVIC_SECRETS_KEY is required when DATABASE_URL is set (32 random bytes, base64)');
    if (!input.auditKey) problems.push('CIVIC_AUDIT_KEY is required when DATABASE_URL is set (32 random bytes, base64; keep it outside the database)');
  } else if (hasTokenKeys && !(input.privateKeyPem && input.publicKeyPem)) {
    problems.push('CIVIC_TOKEN_PRIVATE_KEY and CIVIC_TOKEN_PUBLIC_KEY must be given together');
  }
  if (problems.length > 0) return { problems };

  let loginKey: Buffer | undefined = input.loginKey ? Buffer.from(input.loginKey, 'base64') : undefined;
  const givenRing = input.secretsKey ? parseSecretKeyRing(input.secretsKey) : undefined;
  let secretsKey: Buffer | undefined = givenRing?.at(-1);
  let auditKey: Buffer | undefined = input.auditKey ? Buffer.from(input.auditKey, 'base64') : undefined;
  let pair = input.privateKeyPem && input.publicKeyPem ? parsePair(input.privateKeyPem, input.publicKeyPem, problems) : undefined;
  if (problems.length > 0) return { problems };

  let source: KeyMaterial['source'] = 'environment';
  if (!loginKey || !pair || !secretsKey || !auditKey) {
    if (fallback.kind === 'data-dir') {
      const stored = readOrCreateStoredKeys(path.join(fallback.dir, 'keys'));
      loginKey ??= stored.loginKey;
      secretsKey ??= stored.secretsKey;
      auditKey ??= stored.auditKey;
      pair ??= { privateKey: stored.privateKey, publicKey: stored.publicKey };
      source = 'data-dir';
    } else {
      loginKey ??= crypto.randomBytes(32);
      secretsKey ??= crypto.randomBytes(32);
      auditKey ??= crypto.randomBytes(32);
      pair ??= crypto.generateKeyPairSync('rsa', { modulusLength: MIN_RSA_BITS });
      source = 'ephemeral';
    }
  }
  const secretKeyRing = givenRing ?? [secretsKey];
  return { keys: { loginKey, secretsKey, secretKeyRing, auditKey, tokenPrivateKey: pair.privateKey, tokenPublicKey: pair.publicKey, source }, problems };
}

/** CIVIC_SECRETS_KEY: one base64 key, or several separated by commas, newest first. */
export function parseSecretKeyRing(value: string): Buffer[] {
  return value.split(',').map((part) => Buffer.from(part.trim(), 'base64'));
}

function parsePair(privatePem: string, publicPem: string, problems: string[]): { privateKey: KeyObject; publicKey: KeyObject } | undefined {
  let privateKey: KeyObject;
  let publicKey: KeyObject;
  try {
    privateKey = crypto.createPrivateKey(privatePem);
  } catch {
    problems.push('CIVIC_TOKEN_PRIVATE_KEY cannot be read as a PEM private key');
    return undefined;
  }
  try {
    publicKey = crypto.createPublicKey(publicPem);
  } catch {
    problems.push('CIVIC_TOKEN_PUBLIC_KEY cannot be read as a PEM public key');
    return undefined;
  }
  if (privateKey.asymmetricKeyType !== 'rsa' || (privateKey.asymmetricKeyDetails?.modulusLength ?? 0) < MIN_RSA_BITS) {
    problems.push(`CIVIC_TOKEN_PRIVATE_KEY must be an RSA key of at least ${MIN_RSA_BITS} bits (tokens are RS512)`);
    return undefined;
  }
  const derived = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  if (!derived.equals(publicKey.export({ type: 'spki', format: 'der' }))) {
    problems.push('CIVIC_TOKEN_PUBLIC_KEY does not belong to CIVIC_TOKEN_PRIVATE_KEY');
    return undefined;
  }
  return { privateKey, publicKey };
}

interface StoredKeys {
  loginKey: Buffer;
  secretsKey: Buffer;
  auditKey: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** Keys of the embedded default: created once, owner-only, reused by every later start. */
function readOrCreateStoredKeys(dir: string): StoredKeys {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const loginFile = path.join(dir, 'login.key');
  const secretsFile = path.join(dir, 'secrets.key');
  // Data dirs from before the identity work have no secrets key yet: it is added on the next start.
  if (!fs.existsSync(secretsFile)) writeSecret(secretsFile, crypto.randomBytes(32).toString('base64'));
  const privateFile = path.join(dir, 'token-private.pem');
  const publicFile = path.join(dir, 'token-public.pem');
  if (!fs.existsSync(loginFile)) writeSecret(loginFile, crypto.randomBytes(32).toString('base64'));
  if (!fs.existsSync(privateFile) || !fs.existsSync(publicFile)) {
    const pair = crypto.generateKeyPairSync('rsa', { modulusLength: MIN_RSA_BITS });
    writeSecret(privateFile, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    writeSecret(publicFile, pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  }
  const loginKey = Buffer.from(fs.readFileSync(loginFile, 'utf8').trim(), 'base64');
  if (loginKey.length !== 32) throw new Error(`${loginFile} does not hold a 32-byte base64 key; delete it to generate a new one`);
  const secretsKey = Buffer.from(fs.readFileSync(secretsFile, 'utf8').trim(), 'base64');
  if (secretsKey.length !== 32) throw new Error(`${secretsFile} does not hold a 32-byte base64 key; delete it to generate a new one`);
  const auditKey = readOrCreateAuditKey(dir);
  return {
    loginKey,
    secretsKey,
    auditKey,
    privateKey: crypto.createPrivateKey(fs.readFileSync(privateFile, 'utf8')),
    publicKey: crypto.createPublicKey(fs.readFileSync(publicFile, 'utf8')),
  };
}

/**
 * The audit key of the embedded default, `<dataDir>/keys/audit.key`. Data dirs from before issue 15
 * get one on their next start; rows chained before it keep their plain hashes and still verify.
 */
function readOrCreateAuditKey(dir: string): Buffer {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const auditFile = path.join(dir, 'audit.key');
  if (!fs.existsSync(auditFile)) writeSecret(auditFile, crypto.randomBytes(32).toString('base64'));
  const auditKey = Buffer.from(fs.readFileSync(auditFile, 'utf8').trim(), 'base64');
  if (auditKey.length !== 32) throw new Error(`${auditFile} does not hold a 32-byte base64 key; delete it to generate a new one`);
  return auditKey;
}

/**
 * The audit key alone, for tools that sign nothing else but still write audit rows (npm run seed):
 * the same key the server uses, or the rows they write would not verify.
 */
export function resolveAuditKey(given: string | undefined, fallback: KeyFallback): { auditKey?: Buffer; problems: string[] } {
  if (given) return { auditKey: Buffer.from(given, 'base64'), problems: [] };
  if (fallback.kind === 'required') return { problems: ['CIVIC_AUDIT_KEY is required when DATABASE_URL is set (32 random bytes, base64; keep it outside the database)'] };
  if (fallback.kind === 'ephemeral') return { auditKey: crypto.randomBytes(32), problems: [] };
  return { auditKey: readOrCreateAuditKey(path.join(fallback.dir, 'keys')), problems: [] };
}

/** Writes a secret readable by the owner only; `wx` refuses to overwrite one another process wrote. */
export function writeSecret(file: string, content: string): void {
  fs.writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
}
