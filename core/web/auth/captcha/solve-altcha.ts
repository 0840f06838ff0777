import type { CaptchaChallenge } from '@civic/core/common/model';

const BATCH = 500;

/**
 * Solves an ALTCHA v1 proof-of-work challenge with WebCrypto: finds the number n ≤ maxnumber with
 * SHA-256(salt + n) = challenge, and returns the payload the server verifies (base64 JSON). Runs in
 * batches of async digests, so the page stays responsive; nothing is fetched from elsewhere.
 */
export async function solveAltcha(
  challenge: CaptchaChallenge,
  onProgress: (fraction: number) => void = () => undefined,
  signal?: AbortSignal,
  webCrypto: Crypto = globalThis.crypto,
): Promise<string> {
  const started = Date.now();
  const max = challenge.maxnumber ?? 1_000_000;
  const encoder = new TextEncoder();
  const algorithm = challenge.algorithm.toUpperCase();
  for (let base = 0; base <= max; base += BATCH) {
    if (signal?.aborted) throw new DOMException('Captcha cancelled', 'AbortError');
    const numbers = Array.from({ length: Math.min(BATCH, max - base + 1) }, (_, i) => base + i);
    const digests = await Promise.all(numbers.map((n) => webCrypto.subtle.digest(algorithm, encoder.encode(`${challenge.salt}${n}`))));
    const found = digests.findIndex((digest) => toHex(digest) === challenge.challenge);
    if (found >= 0) {
      const payload = {
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: numbers[found],
        salt: challenge.salt,
        signature: challenge.signature,
        took: Date.now() - started,
      };
      onProgress(1);
      return btoa(JSON.stringify(payload));
    }
    onProgress(Math.min(0.99, (base + BATCH) / max));
  }
  throw new Error('The captcha challenge has no solution');
}

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}
