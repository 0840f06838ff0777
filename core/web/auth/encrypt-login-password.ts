/**
 * The login password as §7 sends it: `base64(iv) + ":" + base64(ciphertext)`, AES-GCM with the
 * deployment's login key (GET /api/v1/auth/config), a fresh 12-byte IV, and the plaintext
 * `password|unixSeconds` so the server can refuse replays of an old capture. WebCrypto appends the
 * 16-byte tag to the ciphertext; there is no additional data.
 */
export async function encryptLoginPassword(
  password: string,
  loginKeyBase64: string,
  nowMs: number = Date.now(),
  webCrypto: Crypto = globalThis.crypto,
): Promise<string> {
  const key = await webCrypto.subtle.importKey('raw', fromBase64(loginKeyBase64), { name: 'AES-GCM' }, false, [
    'encrypt',
  ]);
  const iv = webCrypto.getRandomValues(new Uint8Array(12));
  const plaintext = new TextEncoder().encode(`${password}|${Math.floor(nowMs / 1000)}`);
  const ciphertext = await webCrypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plaintext);
  return `${toBase64(iv)}:${toBase64(new Uint8Array(ciphertext))}`;
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
