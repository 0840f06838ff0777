import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { CONSOLE_NAME } from '@civic/core/common/constants';
import type { TotpEnrolment } from '@civic/core/common/model/api';

const IV_BYTES = 12;
const PERIOD_SECONDS = 30;

/**
 * Authenticator-app codes (RFC 6238, SHA-1, 6 digits, 30 s — what every authenticator supports).
 * Secrets are sealed with AES-256-GCM under a key derived from the secrets key before they reach
 * the database (ASVS L3: secrets encrypted at rest), and bound to the user id as associated data so
 * a sealed secret copied onto another account does not open.
 */
export class TotpService {
  private readonly key: Buffer;

  constructor(secretsKey: Buffer) {
    this.key = Buffer.from(crypto.hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'civic-console totp', 32));
  }

  async enrol(userId: string, email: string): Promise<{ enrolment: TotpEnrolment; sealed: string }> {
    const secret = new Secret({ size: 20 });
    const totp = this.totp(secret, email);
    const otpauthUri = totp.toString();
    // Loaded on first enrolment: the server does not spend its start on it.
    const { default: QRCode } = await import('qrcode');
    const qrCodeDataUrl = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2 });
    return { enrolment: { otpauthUri, qrCodeDataUrl, secret: secret.base32 }, sealed: this.seal(userId, secret.base32) };
  }

  /**
   * The time step (unix seconds / 30) at which `code` is the code of the sealed secret, allowing ±1
   * step for clock drift; undefined when it is not. Callers refuse a step at or before the last one
   * they accepted (a code is good once).
   */
  verify(userId: string, sealed: string, code: string, now: Date): number | undefined {
    const base32 = this.open(userId, sealed);
    if (!base32) return undefined;
    const delta = this.totp(Secret.fromBase32(base32), '').validate({ token: code, timestamp: now.getTime(), window: 1 });
    return delta === null ? undefined : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
  }

  private totp(secret: Secret, label: string): TOTP {
    return new TOTP({ issuer: CONSOLE_NAME, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret });
  }

  private seal(userId: string, base32: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(userId));
    const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `v1:${iv.toString('base64')}:${body.toString('base64')}`;
  }

  private open(userId: string, sealed: string): string | undefined {
    const [version, iv, body] = sealed.split(':');
    if (version !== 'v1' || !iv || !body) return undefined;
    try {
      const bytes = Buffer.from(body, 'base64');
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
