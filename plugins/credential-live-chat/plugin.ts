import { defineCredentialPlugin } from '@civic/sdk/credentials';
import { testLiveChat } from './common/test-live-chat';

/** credential-live-chat: live chat providers; an app names one in its `liveChatService` (§3). */
export default defineCredentialPlugin({
  id: 'credential-live-chat',
  title: 'Live chat',
  icon: 'headset',
  fields: () => import('./common/live-chat-credential.dto').then((m) => m.LiveChatCredentialDto),
  secrets: ['apiKey'],
  testConnection: testLiveChat,
  usedBy: ['Apps’ hand-over to a person (liveChatService)'],
  order: 660,
  appField: 'liveChatService',
});
