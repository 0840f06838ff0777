import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiFailure } from '@civic/core/common/model/api';
import { Messages } from '@civic/core/common/messages';
import { HttpError } from './http-error';

/** Fastify's own client errors, answered with our texts. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: Messages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: Messages.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: Messages.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: Messages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: Messages.invalidRequest },
};

/**
 * Errors become `{ message, info? }` with the right status. A client sees the message of an
 * HttpError or of a recognised client error; anything else is a 500 with a correlation id, and
 * the stack goes to the log only.
 */
export function handleError(error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply): ApiFailure {
  if (error instanceof HttpError) {
    reply.code(error.status);
    const { info, fields, detail, headers } = error.extras;
    if (headers) reply.headers(headers);
    return { message: error.message, ...(info ? { info } : {}), ...(fields ? { fields } : {}), ...(detail ? { detail } : {}) };
  }
  const code = (error as FastifyError).code;
  const known = code ? FASTIFY_CLIENT_ERRORS[code] : undefined;
  if (known) {
    reply.code(known.status);
    return { message: known.message };
  }
  const status = (error as FastifyError).statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    // A framework-detected client error we have no text for (e.g. a malformed URL).
    reply.code(status);
    return { message: status === 404 ? Messages.notFound : Messages.invalidRequest };
  }
  request.log.error({ err: error, correlationId: request.id }, 'unhandled error');
  reply.code(500);
  return { message: Messages.genericServerError, correlationId: request.id };
}
