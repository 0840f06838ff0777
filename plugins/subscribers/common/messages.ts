/** The texts of the subscriber page and API, once: the DTOs, the page and the tests import them. */
export const SubscribersMessages = {
  channelRequired: 'Choose a channel: WEB_CHAT, TELEGRAM or WHATSAPP',
  emailInvalid: 'Enter a valid e-mail address',
  telegramInvalid: 'A Telegram contact is the numeric user id (5 to 15 digits)',
  phoneInvalid: 'A WhatsApp contact is a phone number in international form, e.g. +6591234567',
  consentRequired: 'Consent is required to subscribe',
  consentVersionRequired: 'Give the version of the consent text the citizen agreed to',
  topicsInvalid: 'Topics are up to 10 short tags (letters, digits, - and _; at most 40 characters each)',
  sourceInvalid: 'The source is at most 60 characters',
  searchTooLong: 'Search at most 100 characters',
  statusInvalid: 'Status is ACTIVE or UNSUBSCRIBED',
  cursorInvalid: 'The page cursor is not valid',
  originRefused: 'This site may not subscribe to this app',
  removed: 'Unsubscribed',
  exported: 'Exported',
} as const;
