import crypto from 'node:crypto';
import type { DbExecutor } from '../db/database';

/**
 * Envelope encryption of secrets at rest (integration credentials). Each value gets its own random
 * 256-bit data key; the value is sealed with AES-256-GCM under it (random 96-bit IV), and the data
 * key itself is wrapped with AES-256-GCM under a key-encryption key (KEK) derived from one key of
 * CIVIC_SECRETS_KEY. The sealed text names the KEK by id, so a ring of keys opens everything while
 * only the newest seals; `npm run secrets:rotate` re-wraps data keys to the newest KEK without
 * touching the values. The caller's `context` (e.g. row id and field) is authenticated data of
 * both layers: a sealed value copied to another row or field does not open.
 *
 * Format: `cs1.<kid>.<wrap iv>.<wrapped key+tag>.<iv>.<ciphertext+tag>` (base64url parts).
 */
const VERSION = 'cs1';
const KEK_INFO = 'civic-console sealed secrets kek v1';

export type SealFailure = 'malformed' | 'unknown-key' | 'tampered';

/** A sealed value that cannot be opened. Its message never holds the value or any key. */
export class SecretSealError extends Error {
  constructor(readonly reason: SealFailure) {
    super(
      reason === 'unknown-key'
        ? 'The secret was sealed with a key this server does not hold (CIVIC_SECRETS_KEY)'
        : reason === 'malformed'
          ? 'The stored secret is not a sealed value'
          : 'The stored secret failed its integrity check: it was changed outside the console',
    );
    this.name = 'SecretSealError';
  }
}

/** A plugin table holding sealed values, registered so `npm run secrets:rotate` can re-wrap them. */
export interface SealedStore {
  /** For the report: usually `<plugin id>.<table>`. */
  readonly name: string;
  /**
   * Re-wraps up to `limit` values not yet under the newest key (in their own transaction) and
   * returns how many it changed; 0 means the store is done. Resumable: values already re-wrapped
   * are skipped on the next call or run.
   */
  rewrapBatch(db: DbExecutor, sealer: SecretSealing, limit: number): Promise<number>;
}

/** What plugins are given (`api.secrets`): sealing without the keys. */
export interface SecretSealing {
  seal(plaintext: string, context: string): string;
  /** Throws SecretSealError (malformed, unknown key, tampered). */
  open(sealed: string, context: string): string;
  /** True when the value's data key is wrapped with the newest key. */
  isCurrent(sealed: string): boolean;
  /** The same value with its data key wrapped by the newest key (the value's ciphertext is unchanged). */
  rewrap(sealed: string, context: string): string;
  /** Id of the newest key (not secret: a digest), for queries that find values still to re-wrap. */
  readonly currentKeyId: string;
  registerStore(store: SealedStore): void;
}

interface Kek {
  id: string;
  key: Buffer;
}

export class SecretSealer implements SecretSealing {
  private readonly keks: Kek[];
  private readonly stores: SealedStore[] = [];

  /** `ring`: the 32-byte keys of CIVIC_SECRETS_KEY, newest first. */
  constructor(ring: readonly Buffer[]) {
    if (ring.length === 0) throw new Error('The secret sealer needs at least one key');
    this.keks = ring.map((raw) => {
      if (raw.length !== 32) throw new Error('Every CIVIC_SECRETS_KEY key must be 32 bytes');
      return { id: keyIdOf(raw), key: Buffer.from(crypto.hkdfSync('sha256', raw, Buffer.alloc(0), KEK_INFO, 32)) };
    });
  }

  get currentKeyId(): string {
    return this.keks[0].id;
  }

  seal(plaintext: string, context: string): string {
    const dataKey = crypto.randomBytes(32);
    const kek = this.keks[0];
    const wrapped = this.wrap(kek, dataKey, context);
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', dataKey, iv);
    cipher.setAAD(Buffer.from(`value|${context}`));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    dataKey.fill(0);
    return [VERSION, kek.id, wrapped.iv, wrapped.key, b64(iv), b64(body)].join('.');
  }

  open(sealed: string, context: string): string {
    const parts = parse(sealed);
    const dataKey = this.unwrap(parts, context);
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', dataKey, parts.iv);
      decipher.setAAD(Buffer.from(`value|${context}`));
      decipher.setAuthTag(parts.body.subarray(parts.body.length - 16));
      return Buffer.concat([decipher.update(parts.body.subarray(0, parts.body.length - 16)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretSealError('tampered');
    } finally {
      dataKey.fill(0);
    }
  }

  isCurrent(sealed: string): boolean {
    return parse(sealed).kid === this.currentKeyId;
  }

  rewrap(sealed: string, context: string): string {
    const parts = parse(sealed);
    if (parts.kid === this.currentKeyId) return sealed;
    const dataKey = this.unwrap(parts, context);
    const kek = this.keks[0];
    const wrapped = this.wrap(kek, dataKey, context);
    dataKey.fill(0);
    return [VERSION, kek.id, wrapped.iv, wrapped.key, b64(parts.iv), b64(parts.body)].join('.');
  }

  registerStore(store: SealedStore): void {
    if (this.stores.some((s) => s.name === store.name)) throw new Error(`Sealed store ${store.name} is registered twice`);
    this.stores.push(store);
  }

  /**
   * `npm run secrets:rotate`: every registered store, batch by batch (each batch its own
   * transaction), until none is left under an older key. Stopped half-way, a new run continues.
   */
  async rotateAll(db: DbExecutor, options: { batchSize?: number; onBatch?: (store: string, count: number) => void } = {}): Promise<Record<string, number>> {
    const report: Record<string, number> = {};
    for (const store of this.stores) {
      report[store.name] = 0;
      for (;;) {
        const count = await store.rewrapBatch(db, this, options.batchSize ?? 100);
        if (count === 0) break;
        report[store.name] += count;
        options.onBatch?.(store.name, count);
      }
    }
    return report;
  }

  private wrap(kek: Kek, dataKey: Buffer, context: string): { iv: string; key: string } {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', kek.key, iv);
    cipher.setAAD(Buffer.from(`key|${kek.id}|${context}`));
    const key = Buffer.concat([cipher.update(dataKey), cipher.final(), cipher.getAuthTag()]);
    return { iv: b64(iv), key: b64(key) };
  }

  private unwrap(parts: SealedParts, context: string): Buffer {
    const kek = this.keks.find((k) => k.id === parts.kid);
    if (!kek) throw new SecretSealError('unknown-key');
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', kek.key, parts.wrapIv);
      decipher.setAAD(Buffer.from(`key|${kek.id}|${context}`));
      decipher.setAuthTag(parts.wrappedKey.subarray(parts.wrappedKey.length - 16));
      return Buffer.concat([decipher.update(parts.wrappedKey.subarray(0, parts.wrappedKey.length - 16)), decipher.final()]);
    } catch {
      throw new SecretSealError('tampered');
    }
  }
}

/** A key's public name: a digest, so logs and rows can say which key without revealing it. */
export function keyIdOf(raw: Buffer): string {
  return crypto.createHash('sha256').update('civic-console secrets key id|').update(raw).digest('hex').slice(0, 12);
}

interface SealedParts {
  kid: string;
  wrapIv: Buffer;
  wrappedKey: Buffer;
  iv: Buffer;
  body: Buffer;
}

function parse(sealed: string): SealedParts {
  const parts = typeof sealed === 'string' ? sealed.split('.') : [];
  if (parts.length !== 6 || parts[0] !== VERSION) throw new SecretSealError('malformed');
  const [, kid, wrapIv, wrappedKey, iv, body] = parts;
  const decoded = { kid, wrapIv: unb64(wrapIv), wrappedKey: unb64(wrappedKey), iv: unb64(iv), body: unb64(body) };
  if (decoded.wrapIv.length !== 12 || decoded.wrappedKey.length !== 48 || decoded.iv.length !== 12 || decoded.body.length < 16) {
    throw new SecretSealError('malformed');
  }
  return decoded;
}

function b64(data: Buffer): string {
  return data.toString('base64url');
}

function unb64(text: string): Buffer {
  return Buffer.from(text, 'base64url');
}
