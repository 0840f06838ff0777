import { defineCredentialPlugin } from '@civic/sdk/credentials';
import { testLlm } from './common/test-llm';

/**
 * credential-llm: an OpenAI-compatible chat-completions provider (base URL, model, API key). Its
 * server module offers `credential-llm.chat` (contract/server): a completion with the provider that
 * applies to an app (the app's, its agency's or a platform-wide one), the key never leaving it.
 */
export default defineCredentialPlugin({
  id: 'credential-llm',
  title: 'LLM provider',
  icon: 'predictive-analysis',
  fields: () => import('./common/llm-credential.dto').then((m) => m.LlmCredentialDto),
  secrets: ['apiKey'],
  testConnection: testLlm,
  usedBy: ['Training hub: paraphrases of an intent’s phrases'],
  order: 670,
  server: true,
});
