import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A signed record of the trail's head at one moment, kept outside the table: the newest row's id,
 * hash and time. The chain alone cannot show that its last rows were deleted (what is left is a
 * valid, shorter chain); a checkpoint can, because the row it names must still be there, unchanged.
 */
export interface AuditCheckpoint {
  id: number;
  hash: string;
  /** ISO 8601 time of that row. */
  rowAt: string;
  /** ISO 8601 time the checkpoint was taken. */
  takenAt: string;
  /** HMAC of the fields above under a key derived from CIVIC_AUDIT_KEY. */
  mac: string;
}

export type UnsignedCheckpoint = Omit<AuditCheckpoint, 'mac'>;

function checkpointKey(auditKey: Buffer): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', auditKey, Buffer.alloc(0), 'civic-console audit checkpoint', 32));
}

function macOf(auditKey: Buffer, point: UnsignedCheckpoint): string {
  const text = JSON.stringify([point.id, point.hash, point.rowAt, point.takenAt]);
  return crypto.createHmac('sha256', checkpointKey(auditKey)).update(text).digest('hex');
}

export function signCheckpoint(auditKey: Buffer, point: UnsignedCheckpoint): AuditCheckpoint {
  return { ...point, mac: macOf(auditKey, point) };
}

export function isSignedCheckpoint(auditKey: Buffer, point: AuditCheckpoint): boolean {
  const expected = Buffer.from(macOf(auditKey, point), 'hex');
  const given = Buffer.from(typeof point.mac === 'string' ? point.mac : '', 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * The newest checkpoint, in one owner-only JSON file (`<dataDir>/audit-checkpoint.json`), replaced
 * atomically (write, then rename). Every checkpoint also goes to the log, for a log sink to keep.
 */
export class CheckpointFile {
  constructor(private readonly file: string) {}

  /** The stored checkpoint; undefined when there is none yet or it cannot be read. */
  read(): AuditCheckpoint | undefined {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch {
      return undefined;
    }
    try {
      const value = JSON.parse(text) as AuditCheckpoint;
      return typeof value.id === 'number' && typeof value.hash === 'string' ? value : undefined;
    } catch {
      return undefined;
    }
  }

  write(point: AuditCheckpoint): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const temp = `${this.file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(temp, `${JSON.stringify(point)}\n`, { mode: 0o600 });
    fs.renameSync(temp, this.file);
  }
}
