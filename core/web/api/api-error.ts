/** A failed API call, with the message §8 says to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when no answer came (network down, timeout). */
    readonly status: number,
    message: string,
    readonly extra: {
      fields?: Record<string, string[]>;
      info?: string[];
      detail?: unknown;
      correlationId?: string;
      timedOut?: boolean;
    } = {},
  ) {
    super(message);
  }

  /** Field → messages of a 422, for mapping back onto a form. */
  get fields(): Record<string, string[]> {
    return this.extra.fields ?? {};
  }

  get detail(): unknown {
    return this.extra.detail;
  }

  get timedOut(): boolean {
    return this.extra.timedOut === true;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
