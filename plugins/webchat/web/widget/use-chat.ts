import type { ResponseMessage } from '../../../knowledge-base/contract/common/responses/index';
import { useCallback, useEffect, useReducer, useRef } from '@civic/sdk/web/react';
import { WebChatMessages as M } from '../../common/messages';
import type { ChatClient, ChatReply } from './chat-client';

export interface ChatEntry {
  id: number;
  author: 'bot' | 'user';
  messages: ResponseMessage[];
  /** Bot replies to a question carry one; the welcome does not (nothing to rate). */
  transcriptId?: string | null;
  vote?: 'up' | 'down';
  /** Related questions offered after this answer (§3 appEnableRecommendations). */
  recommendations?: string[];
}

export type ChatPhase = 'idle' | 'starting' | 'ready' | 'startFailed' | 'rating' | 'rated';

export interface ChatState {
  phase: ChatPhase;
  sessionId: string | null;
  entries: ChatEntry[];
  typing: boolean;
  /** The last failure, shown with a retry. */
  error: string | null;
  /** The text whose send failed: Retry sends it again. */
  failedText: string | null;
  /** Whether trying again can help (not for an app that has never been published). */
  retryable: boolean;
  /** The last answer came from an older model while a newer one trains (draft). */
  staleModel: ChatReply['staleModel'] | null;
}

export interface ChatOptions {
  /** The event the session starts with (§3 appQuickLaunchEvent; the engine's welcome by default). */
  quickLaunchEvent?: string;
  /** Ask for related questions after each answer (§3 appEnableRecommendations). */
  recommendations?: boolean;
}

type Action =
  | { type: 'starting' }
  | { type: 'started'; sessionId: string; messages: ResponseMessage[] }
  | { type: 'startFailed'; error: string; retryable: boolean }
  | { type: 'sending'; text: string; retry: boolean }
  | { type: 'replied'; id: number; messages: ResponseMessage[]; transcriptId: string | null; staleModel: ChatState['staleModel'] }
  | { type: 'sendFailed'; text: string; error: string }
  | { type: 'voted'; id: number; vote: 'up' | 'down' }
  | { type: 'recommended'; id: number; recommendations: string[] }
  | { type: 'rating' }
  | { type: 'rated' }
  | { type: 'reset' };

const INITIAL: ChatState = { phase: 'idle', sessionId: null, entries: [], typing: false, error: null, failedText: null, retryable: true, staleModel: null };

let nextId = 1;
const text = (value: string): ResponseMessage[] => [{ type: 'text', text: [value] }];

function reduce(state: ChatState, action: Action): ChatState {
  switch (action.type) {
    case 'starting':
      return { ...INITIAL, phase: 'starting', typing: true };
    case 'started':
      return {
        ...state,
        phase: 'ready',
        sessionId: action.sessionId,
        typing: false,
        entries: action.messages.length > 0 ? [{ id: nextId++, author: 'bot', messages: action.messages }] : [],
      };
    case 'startFailed':
      return { ...state, phase: 'startFailed', typing: false, error: action.error, retryable: action.retryable };
    case 'sending':
      return {
        ...state,
        typing: true,
        error: null,
        failedText: null,
        // A retry re-sends the message already shown, it does not repeat it.
        entries: action.retry ? state.entries : [...state.entries, { id: nextId++, author: 'user', messages: text(action.text) }],
      };
    case 'replied':
      return {
        ...state,
        typing: false,
        staleModel: action.staleModel,
        entries: [...state.entries, { id: action.id, author: 'bot', messages: action.messages, transcriptId: action.transcriptId }],
      };
    case 'sendFailed':
      return { ...state, typing: false, error: action.error, failedText: action.text, retryable: true };
    case 'voted':
      return { ...state, entries: state.entries.map((e) => (e.id === action.id ? { ...e, vote: action.vote } : e)) };
    case 'recommended':
      return { ...state, entries: state.entries.map((e) => (e.id === action.id ? { ...e, recommendations: action.recommendations } : e)) };
    case 'rating':
      return { ...state, phase: 'rating', error: null };
    case 'rated':
      return { ...state, phase: 'rated' };
    case 'reset':
      return INITIAL;
  }
}

export interface Chat {
  state: ChatState;
  start(): void;
  send(text: string): void;
  retry(): void;
  vote(entry: ChatEntry, vote: 'up' | 'down'): void;
  endChat(): void;
  rate(rating: number, comment: string): Promise<void>;
  restart(): void;
}

/** The conversation: start a session, send, retry after a failure, thumbs, CSAT at the end. */
export function useChat(client: ChatClient, options: ChatOptions = {}): Chat {
  const [state, dispatch] = useReducer(reduce, INITIAL);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const live = useRef(state);
  live.current = state;
  const clientRef = useRef(client);
  // A new client (other app or environment) starts a new conversation.
  useEffect(() => {
    if (clientRef.current !== client) {
      clientRef.current = client;
      dispatch({ type: 'reset' });
    }
  }, [client]);

  // One session start at a time (StrictMode runs the opening effect twice in development).
  const starting = useRef(false);
  const start = useCallback(() => {
    if (starting.current) return;
    starting.current = true;
    const current = clientRef.current;
    dispatch({ type: 'starting' });
    current
      .start(optionsRef.current.quickLaunchEvent)
      .then(
        (started) => {
          if (clientRef.current === current) dispatch({ type: 'started', sessionId: started.sessionId, messages: started.messages ?? [] });
        },
        (error: unknown) => {
          // 409: production has nothing to answer from until the app is published — say so, plainly.
          const unpublished = (error as { status?: unknown } | null)?.status === 409;
          if (clientRef.current === current) dispatch({ type: 'startFailed', error: unpublished ? M.notPublished : M.startError, retryable: !unpublished });
        },
      )
      .finally(() => (starting.current = false));
  }, []);

  const deliver = useCallback((value: string, retry: boolean) => {
    const { sessionId } = live.current;
    const current = clientRef.current;
    if (!sessionId) return;
    dispatch({ type: 'sending', text: value, retry });
    current.send(sessionId, value).then(
      (reply) => {
        if (clientRef.current !== current) return;
        const id = nextId++;
        dispatch({ type: 'replied', id, messages: reply.messages ?? [], transcriptId: reply.transcriptId ?? null, staleModel: reply.staleModel ?? null });
        if (!optionsRef.current.recommendations) return;
        // Best effort: no recommendations is an answer too.
        current.recommend(value, reply.intentName ?? null).then(
          (recommendations) => {
            if (clientRef.current === current && recommendations.length > 0) dispatch({ type: 'recommended', id, recommendations });
          },
          () => undefined,
        );
      },
      () => {
        if (clientRef.current === current) dispatch({ type: 'sendFailed', text: value, error: M.networkError });
      },
    );
  }, []);

  const send = useCallback(
    (value: string) => {
      const trimmed = value.trim();
      if (trimmed === '' || live.current.typing) return;
      deliver(trimmed, false);
    },
    [deliver],
  );

  const retry = useCallback(() => {
    const { phase, failedText } = live.current;
    if (phase === 'startFailed') start();
    else if (failedText) deliver(failedText, true);
  }, [deliver, start]);

  const vote = useCallback((entry: ChatEntry, value: 'up' | 'down') => {
    if (!entry.transcriptId || entry.vote === value) return;
    dispatch({ type: 'voted', id: entry.id, vote: value });
    // Feedback is best effort: a lost vote is not worth interrupting the conversation for.
    clientRef.current.feedback(entry.transcriptId, value).catch(() => undefined);
  }, []);

  const rate = useCallback(async (rating: number, comment: string) => {
    const { sessionId } = live.current;
    if (!sessionId) return;
    await clientRef.current.csat(sessionId, rating, comment.trim() || undefined);
    dispatch({ type: 'rated' });
  }, []);

  return {
    state,
    start,
    send,
    retry,
    vote,
    endChat: useCallback(() => dispatch({ type: 'rating' }), []),
    rate,
    restart: start,
  };
}
