import type { WebChatSettings, WebChatSettingsField } from './webchat-settings';

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Relative luminance of a #RRGGBB colour (WCAG 2.x). */
export function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two #RRGGBB colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on `background` (always ≥ 4.5:1 with pure black/white). */
export function readableTextOn(background: string): '#000000' | '#FFFFFF' {
  if (!HEX_COLOUR.test(background)) return '#000000';
  return contrastRatio('#000000', background) >= contrastRatio('#FFFFFF', background) ? '#000000' : '#FFFFFF';
}

/** The text-on-background pairs the widget draws, by the names the Web Chat tab uses. */
export const CONTRAST_PAIRS: ReadonlyArray<{ text: WebChatSettingsField; background: WebChatSettingsField; label: string }> = [
  { text: 'appForegroundColor1', background: 'appBackgroundColor2', label: 'Foreground colour 1 on background colour 2 (bot replies)' },
  { text: 'appForegroundColor2', background: 'appQuickReplyButtonBackgroundColor', label: 'Foreground colour 2 on quick reply button background' },
  { text: 'appAutoCompleteForegroundColor', background: 'appAutoCompleteBackgroundColor', label: 'Auto-complete foreground on auto-complete background' },
  { text: 'appAutoCompleteForegroundColor', background: 'appAutoCompleteHoverColor', label: 'Auto-complete foreground on auto-complete hover' },
  { text: 'appRecommendationsForegroundColor', background: 'appRecommendationsBackgroundColor', label: 'Recommendations foreground on recommendations background' },
  { text: 'appRecommendationsForegroundColor', background: 'appRecommendationsHoverColor', label: 'Recommendations foreground on recommendations hover' },
];

export interface ContrastProblem {
  /** The field the message is shown under (the text colour of the pair). */
  field: WebChatSettingsField;
  message: string;
}

/** Every pair below 4.5:1, each with a message naming the pair and its ratio. */
export function contrastProblems(settings: Pick<WebChatSettings, WebChatSettingsField>): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  for (const pair of CONTRAST_PAIRS) {
    const text = settings[pair.text];
    const background = settings[pair.background];
    if (typeof text !== 'string' || typeof background !== 'string' || !HEX_COLOUR.test(text) || !HEX_COLOUR.test(background)) continue;
    const ratio = contrastRatio(text, background);
    if (ratio < MIN_CONTRAST) {
      problems.push({
        field: pair.text,
        message: `${pair.label}: contrast ${ratio.toFixed(2)}:1 is below ${MIN_CONTRAST}:1 (WCAG AA)`,
      });
    }
  }
  return problems;
}
