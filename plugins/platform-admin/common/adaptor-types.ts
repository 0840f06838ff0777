// Plain constants, apart from the DTOs: a page listing adaptors gets them without class-validator.
/** The channel connectors the platform knows. */
export const ADAPTOR_TYPES = ['WEB_CHAT', 'WHATSAPP', 'TELEGRAM', 'LINE', 'FACEBOOK_MESSENGER', 'SLACK', 'MICROSOFT_TEAMS', 'VIBER'] as const;
export type AdaptorType = (typeof ADAPTOR_TYPES)[number];
export const ADAPTOR_TYPE_LABELS: Record<AdaptorType, string> = {
  WEB_CHAT: 'Web chat',
  WHATSAPP: 'WhatsApp',
  TELEGRAM: 'Telegram',
  LINE: 'LINE',
  FACEBOOK_MESSENGER: 'Facebook Messenger',
  SLACK: 'Slack',
  MICROSOFT_TEAMS: 'Microsoft Teams',
  VIBER: 'Viber',
};
