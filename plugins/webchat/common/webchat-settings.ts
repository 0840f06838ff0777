import { WebChatDefaults } from '@civic/sdk/common/messages';

/** Where the widget's launcher sits: pixels from the right and bottom edges (§9 "Widget position"). */
export const POSITION_MAX = 400;

export const ENVIRONMENT_OVERRIDES = ['', 'draft', 'production'] as const;
export type EnvironmentOverride = (typeof ENVIRONMENT_OVERRIDES)[number];

/**
 * §3 "Web chat widget settings", plus what the console's tab adds around them: subtitle, input
 * placeholder, position (§9), CSAT and thumbs switches. Which sites may embed the widget is not a
 * widget setting: it is the app's allowedDomains (§3 app patch, platform admins), the one list the
 * chat API checks too. Every field has a
 * default (§9 where it gives one), so a partial document always reads as a full one.
 */
export interface WebChatSettings {
  appName: string;
  appSubtitle: string;
  /** Avatar / logo shown in the header; https only (§5), empty for none. */
  appIcon: string;
  appWelcomeMessage: string;
  appInputPlaceholder: string;
  appColor: string;
  appFontFamily: string;
  appBaseFontSize: number;
  appEnableAutoComplete: boolean;
  appEnableRecommendations: boolean;
  appAutoLaunch: boolean;
  appBotResponseTriggerEvent: string;
  appQuickLaunchEvent: string;
  appEnvironmentOverride: EnvironmentOverride;
  appLauncherAnimationIteration: number;
  appOrchestratorTimeout: number;
  appAlternateCopyVault: string;
  appForegroundColor1: string;
  appForegroundColor2: string;
  appBackgroundColor2: string;
  appCanvasBackgroundColor: string;
  appButtonBorderColor: string;
  appQuickReplyButtonBackgroundColor: string;
  appAutoCompleteBackgroundColor: string;
  appAutoCompleteForegroundColor: string;
  appAutoCompleteHoverColor: string;
  appAutoCompleteDividerColor: string;
  appRecommendationsBackgroundColor: string;
  appRecommendationsForegroundColor: string;
  appRecommendationsHoverColor: string;
  positionRight: number;
  positionBottom: number;
  enableCsat: boolean;
  enableThumbs: boolean;
}

export type WebChatSettingsField = keyof WebChatSettings;

/**
 * §9 gives the colour, font size, timeouts, quick launch event, copy vault, animation and position.
 * §3 names the other colour defaults only loosely ("white, white, dark grey, light grey, reddish
 * pinks"): these are those colours, chosen so each text/background pair passes WCAG AA (4.5:1).
 */
export const WEBCHAT_DEFAULTS: Readonly<WebChatSettings> = Object.freeze({
  appName: '',
  appSubtitle: 'We usually reply instantly',
  appIcon: '',
  appWelcomeMessage: '',
  appInputPlaceholder: 'Type your question',
  appColor: WebChatDefaults.appColor,
  appFontFamily: '',
  appBaseFontSize: WebChatDefaults.appBaseFontSize,
  appEnableAutoComplete: false,
  appEnableRecommendations: false,
  appAutoLaunch: false,
  appBotResponseTriggerEvent: '',
  appQuickLaunchEvent: WebChatDefaults.appQuickLaunchEvent,
  appEnvironmentOverride: '',
  appLauncherAnimationIteration: WebChatDefaults.appLauncherAnimationIteration,
  appOrchestratorTimeout: WebChatDefaults.appOrchestratorTimeout,
  appAlternateCopyVault: WebChatDefaults.appAlternateCopyVault,
  appForegroundColor1: '#FFFFFF',
  appForegroundColor2: '#FFFFFF',
  appBackgroundColor2: '#4A4F55',
  appCanvasBackgroundColor: '#F3F4F6',
  appButtonBorderColor: '#2F7FA3',
  appQuickReplyButtonBackgroundColor: '#1F6A8A',
  appAutoCompleteBackgroundColor: '#FDECEF',
  appAutoCompleteForegroundColor: '#8A1538',
  appAutoCompleteHoverColor: '#F9D2DB',
  appAutoCompleteDividerColor: '#E8A3B4',
  appRecommendationsBackgroundColor: '#FCE4EC',
  appRecommendationsForegroundColor: '#880E4F',
  appRecommendationsHoverColor: '#F8C8D8',
  positionRight: WebChatDefaults.positionRight,
  positionBottom: WebChatDefaults.positionBottom,
  enableCsat: true,
  enableThumbs: true,
});

export const WEBCHAT_FIELDS = Object.keys(WEBCHAT_DEFAULTS) as WebChatSettingsField[];

/** A stored (possibly partial, possibly older) document as full settings: unknown keys dropped, gaps filled. */
export function withDefaults(stored: Partial<Record<string, unknown>> | null | undefined): WebChatSettings {
  const out = { ...WEBCHAT_DEFAULTS } as Record<string, unknown>;
  if (stored) {
    for (const field of WEBCHAT_FIELDS) {
      const value = stored[field];
      if (value !== undefined && value !== null && typeof value === typeof WEBCHAT_DEFAULTS[field]) out[field] = value;
    }
  }
  return out as unknown as WebChatSettings;
}

/** What anyone may read (the sharing page and the embed script): every widget setting is about looks and behaviour. */
export type PublicWebChatSettings = WebChatSettings;

export function toPublicSettings(settings: WebChatSettings): PublicWebChatSettings {
  return { ...settings };
}
