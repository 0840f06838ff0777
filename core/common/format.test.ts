import { formatCount } from './format';

describe('formatCount', () => {
  it('groups whole numbers by thousands, as English writes them', () => {
    expect([0, 7, 999, 1000, 12_345, 100_000, 1_234_567, -1000, -42].map(formatCount)).toEqual(['0', '7', '999', '1,000', '12,345', '100,000', '1,234,567', '-1,000', '-42']);
  });

  it('agrees with Intl for every length of whole number', () => {
    for (let n = 1; n < 1e15; n = n * 10 + 3) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });

  it('leaves fractions and non-finite values to toLocaleString', () => {
    expect(formatCount(1234.5)).toBe((1234.5).toLocaleString());
    expect(formatCount(Number.NaN)).toBe('NaN');
  });
});
