import crypto from 'node:crypto';

/** How far the payload's timestamp may be from the server clock, either way (identity issue). */
export const LOGIN_PAYLOAD_MAX_SKEW_SECONDS = 120;

const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export interface LoginPayload {
  password: string;
  /** base64 IV, the replay key. */
  iv: string;
  /** Unix seconds the browser put in the payload. */
  timestamp: number;
}

/**
 * Decrypts the §7 login password field: `base64(iv) + ":" + base64(ciphertext ‖ tag)`, AES-256-GCM
 * without additional data, plaintext UTF-8 `<password>|<unix seconds>`. Returns undefined for any
 * malformed, tampered or stale payload; the caller answers all of them like a wrong password.
 * Defence in depth only: TLS is what protects the password in transit.
 */
export function decryptLoginPayload(field: string, key: Buffer, now: Date): LoginPayload | undefined {
  const parts = field.split(':');
  if (parts.length !== 2 || !BASE64.test(parts[0]) || !BASE64.test(parts[1])) return undefined;
  const iv = Buffer.from(parts[0], 'base64');
  const sealed = Buffer.from(parts[1], 'base64');
  if (iv.length !== IV_BYTES || sealed.length <= TAG_BYTES) return undefined;

  let plaintext: string;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const clear = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
    plaintext = new TextDecoder('utf-8', { fatal: true }).decode(clear);
  } catch {
    return undefined;
  }

  // Split at the last '|': the password itself may contain '|'.
  const bar = plaintext.lastIndexOf('|');
  if (bar <= 0) return undefined;
  const stamp = plaintext.slice(bar + 1);
  if (!/^\d{1,12}$/.test(stamp)) return undefined;
  const timestamp = Number(stamp);
  if (Math.abs(now.getTime() / 1000 - timestamp) > LOGIN_PAYLOAD_MAX_SKEW_SECONDS) return undefined;
  return { password: plaintext.slice(0, bar), iv: parts[0], timestamp };
}

/** What the browser does (WebCrypto AES-GCM), in Node: for tests and tools. */
export function encryptLoginPayload(password: string, key: Buffer, unixSeconds: number, iv = crypto.randomBytes(IV_BYTES)): string {
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  const body = Buffer.concat([cipher.update(`${password}|${unixSeconds}`, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${iv.toString('base64')}:${body.toString('base64')}`;
}
