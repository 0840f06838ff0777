/**
 * jsdom lacks a few browser APIs the console uses; Node has them, so lend Node's to the test window.
 * Runs before each test file (setupFiles), before any module under test is imported.
 */
import 'reflect-metadata';

// Through jest rather than `import`, so this file type-checks with the browser tier's types (no Node types there).
const { TextDecoder, TextEncoder } = jest.requireActual<{
  TextEncoder: typeof globalThis.TextEncoder;
  TextDecoder: typeof globalThis.TextDecoder;
}>('node:util');
const { webcrypto } = jest.requireActual<{ webcrypto: Crypto }>('node:crypto');

const g = globalThis as unknown as Record<string, unknown>;
if (g.TextEncoder === undefined) g.TextEncoder = TextEncoder;
if (g.TextDecoder === undefined) g.TextDecoder = TextDecoder;

// jsdom's crypto has getRandomValues but no `subtle`; the login encryption needs AES-GCM.
const browserCrypto = g.crypto as Crypto | undefined;
if (!browserCrypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}

// Blueprint popovers measure the page; jsdom has no layout, so give them inert observers.
if (g.ResizeObserver === undefined) {
  g.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
// React Router's data router makes a Request per navigation; jsdom has none, and Node's (undici)
// refuses jsdom's AbortSignal. The router reads only these fields.
if (g.Request === undefined) {
  g.Request = class Request {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly headers: Headers;
    readonly body: unknown;
    constructor(input: string | URL | { url: string }, init: RequestInit = {}) {
      this.url = typeof input === 'object' && 'url' in input ? input.url : String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
      this.headers = new Headers(init.headers);
      this.body = init.body ?? null;
    }
  };
}
if (typeof window !== 'undefined' && window.scrollTo === undefined) {
  window.scrollTo = () => undefined;
}

// findBy…/waitFor give up after 1 s by default: on a busy CI machine (two cores, the API suites beside)
// rendering a whole console can take longer. A real failure still fails, a few seconds later.
(jest.requireActual('@testing-library/dom') as { configure(options: { asyncUtilTimeout: number }): void }).configure({ asyncUtilTimeout: 5_000 });
