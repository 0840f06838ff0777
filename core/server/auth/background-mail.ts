import type { Identity } from './identity';
import type { MailMessage } from '../mail/mailer';

/**
 * Sends without making the request wait: the answer to "is there an account for this email?"
 * routes must not take longer when a mail goes out (forgot-password, signup).
 */
export function sendInBackground(id: Identity, message: MailMessage): void {
  id.mailer.send(message).catch((error: unknown) => id.log.error({ err: error, to: message.to, subject: message.subject }, 'mail failed'));
}

/**
 * Runs `work` after the request has answered (on the server's own database, not the request's
 * transaction): what a route does only for an existing account then adds nothing to its answer time.
 */
export function afterAnswer(id: Identity, what: string, work: () => Promise<unknown>): void {
  setImmediate(() => void work().catch((error: unknown) => id.log.error({ err: error }, `${what} failed`)));
}
