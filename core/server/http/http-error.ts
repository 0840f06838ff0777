import { Messages } from '@civic/core/common/messages';

export interface HttpErrorExtras {
  info?: string[];
  fields?: Record<string, string[]>;
  detail?: Record<string, unknown>;
  /** Response headers that go with the error (Retry-After on a 429). */
  headers?: Record<string, string>;
}

/**
 * An error with an HTTP status and a body the client may see. Everything else thrown by a handler
 * is a 500 with a correlation id and nothing more.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extras: HttpErrorExtras = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  static unauthorized(message: string = Messages.sessionExpired): HttpError {
    return new HttpError(401, message);
  }

  static forbidden(): HttpError {
    return new HttpError(403, Messages.forbidden);
  }

  /** Also the answer for things that exist but are not visible to the caller: nothing leaks. */
  static notFound(): HttpError {
    return new HttpError(404, Messages.notFound);
  }

  static tooManyRequests(retryAfterSeconds: number): HttpError {
    return new HttpError(429, Messages.tooManyRequests, { headers: { 'retry-after': String(retryAfterSeconds) } });
  }

  static conflict(message: string): HttpError {
    return new HttpError(409, message);
  }

  /** 422 with every message; the first is what the client shows (§8). */
  static invalid(messages: string[], fields: Record<string, string[]> = {}): HttpError {
    return new HttpError(422, messages[0] ?? Messages.invalidRequest, { info: messages, fields });
  }
}
