import type { ApiClient } from '@civic/sdk/web/services';
import { WEB_CHAT_CHANNEL, WebChatApi, type RecommendationsResponse, type SuggestionsResponse } from '../common/api';
import type { ChatClient, ChatEnvironment, ChatReply, ChatStart } from './widget/chat-client';

/**
 * The widget's chat client inside the console: the console's ApiClient, so previews carry the
 * signed-in user's token and may talk to the draft environment.
 */
export function createConsoleChatClient(api: ApiClient, appId: string, environment: ChatEnvironment, timeoutMs?: number): ChatClient {
  const options = timeoutMs ? { timeoutMs } : undefined;
  return {
    start: (event) => api.post<ChatStart>(WebChatApi.sessions(appId), { environment, channel: WEB_CHAT_CHANNEL, ...(event ? { event } : {}) }, options),
    send: (sessionId, text) => api.post<ChatReply>(WebChatApi.messages(appId, sessionId), { text }, options),
    feedback: async (transcriptId, vote) => {
      await api.post(WebChatApi.feedback(appId, transcriptId), { thumbsUp: vote === 'up', thumbsDown: vote === 'down' });
    },
    csat: async (sessionId, rating, comment) => {
      await api.post(WebChatApi.csat(appId, sessionId), comment ? { rating, comment } : { rating });
    },
    suggest: async (text, signal) => (await api.get<SuggestionsResponse>(WebChatApi.suggestions(appId), { query: { q: text, environment }, signal })).suggestions,
    recommend: async (question, intentName) =>
      (await api.get<RecommendationsResponse>(WebChatApi.recommendations(appId), { query: { q: question, environment, ...(intentName ? { intentName } : {}) } })).recommendations,
  };
}
