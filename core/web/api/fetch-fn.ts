/**
 * The `fetch` the ApiClient calls. A token of its own so tests hand in a fake without touching
 * globals; the browser binding is the window's fetch.
 */
export const FetchFn = Symbol('FetchFn');
export type FetchFn = (input: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'text'> & Partial<Pick<Response, 'blob'>>>;
