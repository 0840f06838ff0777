import { createOutboundClient, defineServerModule } from '@civic/sdk/server';
import { CredentialResolver } from '../../credentials/contract/server/credential-resolver';
import { LlmChat } from '../contract/server/llm-chat';
import { createLlmChat } from './llm-chat';

/** Offers `credential-llm.chat` to the plugins that require this one (the training hub's paraphrases). */
export default defineServerModule({
  pluginId: 'credential-llm',
  register(api) {
    api.services.provide(LlmChat, createLlmChat(api.services.get(CredentialResolver), createOutboundClient(api.deployment.outboundAllow)));
  },
});
