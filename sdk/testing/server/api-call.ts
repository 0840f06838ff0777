import type { IncomingHttpHeaders } from 'node:http';
import type { Got, Method } from 'got';

/** A response as tests read it. Bodies are loose JSON: tests assert on them field by field. */
export interface ApiResponse {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test assertions walk arbitrary JSON
  body: any;
  headers: IncomingHttpHeaders;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  /** A raw body (malformed JSON tests); sent with content-type application/json unless headers say otherwise. */
  body?: string;
  headers?: Record<string, string>;
  searchParams?: Record<string, string | number | boolean>;
}

/** One API call through got, never throwing on status. */
export async function call(http: Got, method: Method, path: string, options: CallOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const response = await http(path.replace(/^\//, ''), {
    method,
    headers,
    ...(options.json !== undefined ? { json: options.json } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.searchParams ? { searchParams: options.searchParams } : {}),
    responseType: 'text',
  });
  const text = response.body;
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON (HTML pages): keep the text.
  }
  return { status: response.statusCode, body, headers: response.headers };
}
