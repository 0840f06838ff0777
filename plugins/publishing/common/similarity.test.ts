import { DEFAULT_THRESHOLD, normalisePhrase, similarity, similarPairs } from './similarity';

describe('phrase similarity', () => {
  it('normalises case, accents, punctuation and spacing', () => {
    expect(normalisePhrase('  Où est   le CAFÉ?! ')).toBe('ou est le cafe');
    expect(similarity('Passport  Renewal!', 'passport renewal')).toBe(1);
  });

  it('scores near-paraphrases high and unrelated questions low', () => {
    expect(similarity('How do I renew my passport?', 'how can I renew my passport')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(similarity('How do I renew my passport?', 'When are you open?')).toBeLessThan(0.3);
    expect(similarity('', '')).toBe(0);
  });

  it('pairs only phrases of different groups that reach the threshold, best first', () => {
    const pairs = similarPairs([
      { id: 'a', groupId: 'g1', text: 'renew passport' },
      { id: 'b', groupId: 'g1', text: 'Renew passport!' },
      { id: 'c', groupId: 'g2', text: 'renew my passport' },
      { id: 'd', groupId: 'g2', text: 'RENEW PASSPORT' },
      { id: 'e', groupId: 'g3', text: 'opening hours' },
    ]);
    const keys = pairs.map((p) => `${p.a}-${p.b}`);
    expect(keys).not.toContain('a-b');
    expect(keys.slice(0, 2).sort()).toEqual(['a-d', 'b-d']);
    expect(pairs[0].identical).toBe(true);
    expect(keys.some((k) => k.includes('e'))).toBe(false);
    for (let i = 1; i < pairs.length; i += 1) expect(pairs[i - 1].score).toBeGreaterThanOrEqual(pairs[i].score);
  });
});
