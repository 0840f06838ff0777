import { definePluginSettings } from '@civic/sdk/server';
import { Matches } from '@civic/sdk/common/validators';

/** The dialog engine's settings (README configuration table; checked at start). */
export const EngineSettings = definePluginSettings({
  chatPerIp: {
    env: 'CIVIC_CHAT_RATE_LIMIT',
    default: '120',
    description: 'public chat requests per IP per minute (sessions, messages, feedback, suggestions; over it → 429 with `Retry-After`); `0` turns it off',
    rules: [Matches(/^\d{1,6}$/, { message: 'CIVIC_CHAT_RATE_LIMIT must be a whole number of chat requests per minute per IP address (0 turns the limit off)' })],
    parse: Number,
  },
  chatPerSession: {
    env: 'CIVIC_CHAT_SESSION_RATE_LIMIT',
    default: '20',
    description: 'messages per chat session per minute; `0` turns it off',
    rules: [Matches(/^\d{1,6}$/, { message: 'CIVIC_CHAT_SESSION_RATE_LIMIT must be a whole number of messages per minute per chat session (0 turns the limit off)' })],
    parse: Number,
  },
  transcriptFlushMs: {
    env: 'CIVIC_TRANSCRIPT_FLUSH_MS',
    default: '100',
    description:
      'chat transcripts are written behind the reply, in batches, at most this many milliseconds later (or 200 at a time): search, the training inbox and analytics see a turn that much later, and a crashed (SIGKILL) server loses at most that much; a graceful stop (SIGTERM) writes everything first',
    rules: [Matches(/^[1-9]\d{0,5}$/, { message: 'CIVIC_TRANSCRIPT_FLUSH_MS must be a whole number of milliseconds (1 or more)' })],
    parse: Number,
  },
  trainingMaxPhrases: {
    env: 'CIVIC_TRAINING_MAX_PHRASES',
    // 2,000 intents with 20,000 phrases train in under a minute of CPU here; ten times that is refused, not attempted.
    default: '200000',
    description:
      'the most training phrases one training of the built-in engine may learn from; a larger one fails at once with the reason (the model trained before keeps answering). Each training also has a 15-minute time limit, can be cancelled (its worker thread is stopped), and queues fairly between apps',
    rules: [Matches(/^\d{1,7}$/, { message: 'CIVIC_TRAINING_MAX_PHRASES must be a whole number of training phrases (the most one training may learn from)' })],
    parse: Number,
  },
});

/** The public chat limits when their variables are not set (tests compare against them). */
export const DEFAULT_CHAT_LIMITS = { perIp: Number(EngineSettings.chatPerIp.default), perSession: Number(EngineSettings.chatPerSession.default) };
