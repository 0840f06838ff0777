/**
 * One colour per series across every analytics screen (UX.md "Charts"), each at least 4.5:1 against
 * white so lines, bars and their labels meet contrast (WCAG 1.4.11 asks 3:1 of graphics).
 */
export const SeriesColours = {
  sessions: '#1f4e9c',
  users: '#6a3d9a',
  messages: '#00695c',
  fallbacks: '#b3261e',
  csat: '#8a5300',
  thumbsUp: '#2e6b30',
  thumbsDown: '#b3261e',
  previous: '#5c6670',
} as const;

/** Ratings 1–5, red to green, all ≥ 4.5:1 on white. */
export const RatingColours = ['#b3261e', '#a14a00', '#7a6300', '#3f6b1f', '#2e6b30'] as const;

/** Channels in order of appearance. */
export const ChannelColours = ['#1f4e9c', '#00695c', '#6a3d9a', '#8a5300', '#b3261e', '#5c6670'] as const;
