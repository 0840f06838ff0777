import type { PublicWebChatSettings, WebChatSettings } from './webchat-settings';

const enc = encodeURIComponent;

/** The webchat plugin's calls: §7 webchat-settings, the public widget settings, and the engine's chat API it talks to. */
export const WebChatApi = {
  settingsRoute: '/api/v1/apps/:appId/webchat-settings',
  settings: (appId: string) => `/api/v1/apps/${enc(appId)}/webchat-settings`,
  publicSettingsRoute: '/api/v1/webchat/:appId/widget-settings',
  publicSettings: (appId: string) => `/api/v1/webchat/${enc(appId)}/widget-settings`,
  refusedOriginsRoute: '/api/v1/apps/:appId/webchat-refused-origins',
  refusedOrigins: (appId: string) => `/api/v1/apps/${enc(appId)}/webchat-refused-origins`,
  // The chat API belongs to the dialog engine; the widget only calls it.
  sessions: (appId: string) => `/api/v1/chat/${enc(appId)}/sessions`,
  messages: (appId: string, sessionId: string) => `/api/v1/chat/${enc(appId)}/sessions/${enc(sessionId)}/messages`,
  feedback: (appId: string, transcriptId: string) => `/api/v1/chat/${enc(appId)}/transcripts/${enc(transcriptId)}/feedback`,
  csat: (appId: string, sessionId: string) => `/api/v1/chat/${enc(appId)}/sessions/${enc(sessionId)}/csat`,
  /** Auto-complete: questions matching what the citizen typed (`?q=…&environment=…`). */
  suggestions: (appId: string) => `/api/v1/chat/${enc(appId)}/suggestions`,
  /** Related questions after an answer (`?q=…&intentName=…&environment=…`). */
  recommendations: (appId: string) => `/api/v1/chat/${enc(appId)}/recommendations`,
} as const;

/** Web pages refused the widget recently (the Web Chat tab). */
export interface RefusedOriginsResponse {
  origins: { origin: string; attempts: number; firstSeenAt: string; lastSeenAt: string }[];
}

/** The auto-complete and recommendation answers. */
export interface SuggestionsResponse {
  suggestions: string[];
}
export interface RecommendationsResponse {
  recommendations: string[];
}

/** GET/PUT webchat-settings answer. */
export interface WebChatSettingsResponse {
  webchatSettings: WebChatSettings;
  /** Send it back on PUT: a stale one is refused with 409. */
  version: number;
  updatedAt: string | null;
  isForPlayground: boolean;
  /**
   * The app's allowedDomains (read only here): the sites that may embed the widget and use the chat.
   * Platform admins change them in Chat Apps.
   */
  allowedDomains: string[];
}

/** GET widget-settings (public) answer. */
export interface PublicWebChatSettingsResponse {
  appId: string;
  webchatSettings: PublicWebChatSettings;
}

/** The channel the widget asks on: web chat is the default platform (§3 `PLATFORM_UNSPECIFIED`). */
export const WEB_CHAT_CHANNEL = 'PLATFORM_UNSPECIFIED';
