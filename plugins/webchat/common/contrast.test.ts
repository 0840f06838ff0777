import { contrastProblems, contrastRatio, readableTextOn } from './contrast';
import { WEBCHAT_DEFAULTS } from './webchat-settings';

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
  });

  it('the defaults pass every pair', () => {
    expect(contrastProblems(WEBCHAT_DEFAULTS)).toEqual([]);
  });

  it('names each failing pair', () => {
    const problems = contrastProblems({ ...WEBCHAT_DEFAULTS, appRecommendationsHoverColor: '#990E4F' });
    expect(problems.map((p) => p.field)).toEqual(['appRecommendationsForegroundColor']);
    expect(problems[0].message).toMatch(/^Recommendations foreground on recommendations hover: contrast 1\.\d\d:1 is below 4\.5:1/);
  });

  it('text on the app colour is black or white, whichever passes', () => {
    for (const colour of ['#67BFE2', '#0B5394', '#FFFF00', '#777777', '#000000']) {
      expect(contrastRatio(readableTextOn(colour), colour)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
