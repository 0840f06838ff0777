import { DEFAULT_THRESHOLD, normalisePhrase, similarity } from './similarity';

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
});
