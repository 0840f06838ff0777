import { solveAltcha } from './solve-altcha';

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

describe('solveAltcha', () => {
  it('finds the number and returns the ALTCHA v1 payload the server verifies', async () => {
    const salt = 'abc123?expires=1999999999';
    const challenge = { algorithm: 'SHA-256', challenge: await sha256(`${salt}1234`), maxnumber: 5000, salt, signature: 'sig' };
    const progress: number[] = [];
    const payload = await solveAltcha(challenge, (p) => progress.push(p));
    const decoded = JSON.parse(atob(payload)) as Record<string, unknown>;
    expect(decoded).toMatchObject({ algorithm: 'SHA-256', challenge: challenge.challenge, number: 1234, salt, signature: 'sig' });
    expect(typeof decoded.took).toBe('number');
    expect(progress.at(-1)).toBe(1);
  });

  it('fails on a challenge without a solution, and stops when cancelled', async () => {
    const impossible = { algorithm: 'SHA-256', challenge: '0'.repeat(64), maxnumber: 600, salt: 's', signature: 'x' };
    await expect(solveAltcha(impossible, undefined)).rejects.toThrow(/no solution/);
    const controller = new AbortController();
    controller.abort();
    await expect(solveAltcha(impossible, undefined, controller.signal)).rejects.toThrow(/cancelled/);
  });
});
