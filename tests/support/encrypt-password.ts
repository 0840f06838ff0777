import { webcrypto } from 'node:crypto';

/**
 * The browser's login encryption (§7), done in Node for tests and benchmarks: AES-GCM with a random
 * 12-byte IV over `<password>|<unix seconds>`, sent as base64(iv):base64(ciphertext‖tag). Written
 * apart from the server's decryption so that a mismatch between the two sides shows.
 */
export async function encryptPassword(
  loginKeyBase64: string,
  password: string,
  unixSeconds = Math.floor(Date.now() / 1000),
  iv: Uint8Array = webcrypto.getRandomValues(new Uint8Array(12)),
): Promise<string> {
  const key = await webcrypto.subtle.importKey('raw', Buffer.from(loginKeyBase64, 'base64'), 'AES-GCM', false, ['encrypt']);
  const sealed = await webcrypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(`${password}|${unixSeconds}`));
  return `${Buffer.from(iv).toString('base64')}:${Buffer.from(sealed).toString('base64')}`;
}
