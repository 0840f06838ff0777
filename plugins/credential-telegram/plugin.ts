import { defineCredentialPlugin } from '@civic/sdk/credentials';
import { testTelegram } from './common/test-telegram';

/** credential-telegram: a Telegram-style bot token, the second messaging platform. */
export default defineCredentialPlugin({
  id: 'credential-telegram',
  title: 'Telegram bot',
  icon: 'send-message',
  fields: () => import('./common/telegram-credential.dto').then((m) => m.TelegramCredentialDto),
  secrets: ['botToken'],
  testConnection: testTelegram,
  usedBy: ['Apps’ Telegram channel'],
  order: 640,
});
