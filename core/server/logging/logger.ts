import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Paths pino blanks out wherever they appear in a log object. Request logs never carry bodies, but
 * anything logged by hand (an error's context, a config dump) goes through the same redaction.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'password',
  'token',
  'secret',
  '*.password',
  '*.token',
  '*.secret',
  '*.passwordHash',
  '*.loginKey',
  '*.privateKey',
];

/**
 * The one logger of a server instance; Fastify uses it for request logs too. Lines go to stdout
 * asynchronously (a write in flight gathers the lines logged meanwhile), not a blocking write per
 * line on the request path; pino writes what is left synchronously when the process exits.
 * `destination` is for tests that read what the server logs.
 */
export function createLogger(level: string, destination: pino.DestinationStream = pino.destination({ dest: 1, sync: false })): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { service: 'civic-console' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
