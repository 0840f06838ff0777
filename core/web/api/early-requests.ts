import type { FetchFn } from './fetch-fn';

/** How long a started request waits for the call it was started for. */
const KEEP_MS = 15_000;

interface Started {
  answer: Promise<Response>;
  at: number;
}

/**
 * GET calls a page load can start before the console has its configuration and plugins (who the
 * stored token belongs to, the feature flags, the tier limits): each is handed, once, to the first
 * identical call the console makes — same path, same token — so the data arrives beside the code
 * instead of after it. Anything else, and anything not claimed in time, goes to the network.
 */
export class EarlyRequests {
  private readonly started = new Map<string, Started>();

  constructor(
    private readonly fetchFn: typeof fetch = (input, init) => globalThis.fetch(input, init),
    private readonly now: () => number = () => Date.now(),
  ) {}

  start(path: string, token: string): void {
    const answer = this.fetchFn(path, {
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    });
    // Unclaimed, a failure must not surface as an unhandled rejection; the claimer sees it.
    answer.catch(() => undefined);
    this.started.set(keyOf(path, token), { answer, at: this.now() });
  }

  /** A FetchFn that answers a started call from its early request and sends the rest to `next`. */
  fetchThrough(next: FetchFn): FetchFn {
    return (input, init) => {
      const token = bearerOf(init);
      if ((init.method ?? 'GET') !== 'GET' || !token || init.body !== undefined) return next(input, init);
      const key = keyOf(input, token);
      const started = this.started.get(key);
      if (!started) return next(input, init);
      this.started.delete(key);
      if (this.now() - started.at > KEEP_MS) return next(input, init);
      return abortable(started.answer, init.signal);
    };
  }
}

function keyOf(path: string, token: string): string {
  return `${token} ${path}`;
}

function bearerOf(init: RequestInit): string | null {
  const headers = init.headers as Record<string, string> | undefined;
  const value = headers?.Authorization ?? headers?.authorization;
  return value?.startsWith('Bearer ') ? value.slice('Bearer '.length) : null;
}

/** The caller's timeout and cancel still apply to an answer it did not start. */
function abortable<T>(answer: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return answer;
  if (signal.aborted) return Promise.reject(new DOMException('Aborted', 'AbortError'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
