/** What the tabs of one console tell each other about the session (§4 "consistent across tabs"). */
export type SessionMessage =
  | { type: 'activity'; at: number }
  | { type: 'stay'; at: number }
  | { type: 'logout' };

export interface SessionChannel {
  post(message: SessionMessage): void;
  listen(listener: (message: SessionMessage) => void): () => void;
  close(): void;
}

const CHANNEL_NAME = 'civic-console-session';
/** Messages carry their tab, so a tab ignores its own (BroadcastChannel delivers them in the same page too). */
const TAB_ID = Math.random().toString(36).slice(2);

/** A BroadcastChannel between this origin's tabs; a silent no-op where there is none (old browsers, jsdom). */
export function openSessionChannel(): SessionChannel {
  if (typeof BroadcastChannel === 'undefined') {
    return { post: () => undefined, listen: () => () => undefined, close: () => undefined };
  }
  const channel = new BroadcastChannel(CHANNEL_NAME);
  return {
    post: (message) => channel.postMessage({ ...message, from: TAB_ID }),
    listen(listener) {
      const handler = (event: MessageEvent<SessionMessage & { from?: string }>) => {
        if (event.data.from !== TAB_ID) listener(event.data);
      };
      channel.addEventListener('message', handler);
      return () => channel.removeEventListener('message', handler);
    },
    close: () => channel.close(),
  };
}
