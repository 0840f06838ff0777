import { defineCredentialPlugin } from '@civic/sdk/credentials';
import { testSupportDesk } from './common/test-support-desk';

/** credential-support-desk: the ticketing system the help desk files tickets in. */
export default defineCredentialPlugin({
  id: 'credential-support-desk',
  title: 'Support desk',
  icon: 'help',
  fields: () => import('./common/support-desk-credential.dto').then((m) => m.SupportDeskCredentialDto),
  secrets: ['apiKey'],
  testConnection: testSupportDesk,
  usedBy: ['Help desk tickets'],
  order: 620,
});
