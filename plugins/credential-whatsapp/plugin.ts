import { defineCredentialPlugin } from '@civic/sdk/credentials';
import { testWhatsApp } from './common/test-whatsapp';

/** credential-whatsapp: a WhatsApp-Business-style messaging provider for apps' messaging channel. */
export default defineCredentialPlugin({
  id: 'credential-whatsapp',
  title: 'WhatsApp messaging',
  icon: 'mobile-phone',
  fields: () => import('./common/whatsapp-credential.dto').then((m) => m.WhatsAppCredentialDto),
  secrets: ['accessToken', 'webhookVerifyToken'],
  testConnection: testWhatsApp,
  usedBy: ['Apps’ WhatsApp channel'],
  order: 630,
});
