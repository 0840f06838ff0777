import type { ResponseMessage } from './response-message';

/** §3 "Platforms known"; `PLATFORM_UNSPECIFIED` is the default channel (web chat). */
export const PLATFORMS = [
  'PLATFORM_UNSPECIFIED', 'FACEBOOK', 'SLACK', 'TELEGRAM', 'KIK', 'SKYPE', 'LINE', 'VIBER',
  'ACTIONS_ON_GOOGLE', 'GOOGLE_HANGOUTS', 'WHATSAPP',
] as const;
export type Platform = (typeof PLATFORMS)[number];
export const DEFAULT_PLATFORM: Platform = 'PLATFORM_UNSPECIFIED';

/** Channels an intent can add a response tab for (§3 "Channel responses"), web chat first. */
export const RESPONSE_CHANNELS: readonly Platform[] = ['PLATFORM_UNSPECIFIED', 'LINE', 'TELEGRAM', 'WHATSAPP', 'FACEBOOK', 'SLACK', 'VIBER'];

export const PLATFORM_LABELS: Record<Platform, string> = {
  PLATFORM_UNSPECIFIED: 'Web chat (default)',
  FACEBOOK: 'Facebook Messenger',
  SLACK: 'Slack',
  TELEGRAM: 'Telegram',
  KIK: 'Kik',
  SKYPE: 'Skype',
  LINE: 'LINE',
  VIBER: 'Viber',
  ACTIONS_ON_GOOGLE: 'Actions on Google',
  GOOGLE_HANGOUTS: 'Google Hangouts',
  WHATSAPP: 'WhatsApp',
};

/** One channel's answer: §3 `enable_default_response` and its message list. */
export interface ChannelResponses {
  platform: Platform;
  enable_default_response: boolean;
  messages: ResponseMessage[];
}
