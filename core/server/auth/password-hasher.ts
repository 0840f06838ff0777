import argon2 from 'argon2';

/** OWASP Password Storage Cheat Sheet, argon2id: m = 19 MiB, t = 2, p = 1. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Burns the same time as a real verification, for sign-ins that fail before a hash exists
 * (unknown email, bad payload), so response time does not tell which emails have accounts.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= argon2.hash('civic-console-dummy-password', OPTIONS);
  await verifyPassword(await dummyHash, password);
  return false;
}
