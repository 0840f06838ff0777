import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** No look-alikes (0/O, 1/l/I), so the printed password can be typed. */
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const ALL = UPPER + LOWER + DIGITS;

/** A strong random password (20 characters, upper, lower and digit), for the demo accounts. */
export function generateDemoPassword(length = 20): string {
  for (;;) {
    const chars = Array.from({ length }, () => ALL[crypto.randomInt(ALL.length)]).join('');
    if (/[A-Z]/.test(chars) && /[a-z]/.test(chars) && /\d/.test(chars)) return chars;
  }
}

const FILE = 'demo-password';

/**
 * The generated password is kept (owner-only) in the data folder so later starts can print it
 * again; it is a demo convenience of the embedded default, never used with PostgreSQL.
 */
export function storeDemoPassword(dataDir: string, password: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, FILE);
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

export function readDemoPassword(dataDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, FILE), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
