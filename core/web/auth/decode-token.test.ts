import { decodeTokenClaims, isTokenExpired } from './decode-token';

const tokenOf = (claims: object) => `header.${Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url')}.signature`;

describe('decodeTokenClaims', () => {
  it('reads ASCII claims', () => {
    expect(decodeTokenClaims(tokenOf({ sub: 'u-1', exp: 100, isPlatformAdmin: true }))).toEqual({ sub: 'u-1', exp: 100, isPlatformAdmin: true });
  });

  it('reads claims holding UTF-8 beyond ASCII (accents, CJK, emoji)', () => {
    const claims = { sub: 'u-2', name: 'Zoë Tan 陈美玲 🙂', email: 'zoë@example.gov.sg' };
    expect(decodeTokenClaims(tokenOf(claims))).toEqual(claims);
  });

  it('answers each token for itself, also after another was read', () => {
    const a = tokenOf({ sub: 'a' });
    const b = tokenOf({ sub: 'b' });
    expect(decodeTokenClaims(a)?.sub).toBe('a');
    expect(decodeTokenClaims(b)?.sub).toBe('b');
    expect(decodeTokenClaims(a)?.sub).toBe('a');
  });

  it('gives null for what is not a token', () => {
    expect(decodeTokenClaims('no-dots')).toBeNull();
    expect(decodeTokenClaims('a.!!!.c')).toBeNull();
    expect(decodeTokenClaims(`a.${Buffer.from('"just a string"').toString('base64url')}.c`)).toBeNull();
    expect(decodeTokenClaims(`a.${Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url')}.c`)).toBeNull();
  });
});

describe('isTokenExpired', () => {
  it('allows five seconds of clock skew', () => {
    const token = tokenOf({ exp: 1_000 });
    expect(isTokenExpired(token, 1_000_000 + 5_000)).toBe(false);
    expect(isTokenExpired(token, 1_000_000 + 5_001)).toBe(true);
    expect(isTokenExpired(tokenOf({ sub: 'no exp' }), Date.now())).toBe(false);
  });
});
