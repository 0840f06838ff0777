import type { Database } from '../db/database';
import { outbox } from '../db/schema';
import type { Logger } from '../logging/logger';
import type { MailMessage, Mailer } from './mailer';

/**
 * The embedded default has no SMTP: mail is kept in the outbox table, and the log names only the
 * recipient and subject (the body holds codes and links).
 */
export class OutboxMailer implements Mailer {
  readonly delivers = false;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    private readonly now: () => Date,
  ) {}

  async send(message: MailMessage): Promise<void> {
    // Its own statement, outside the request's transaction: a refused request still keeps its mail.
    await this.database.db.insert(outbox).values({ recipient: message.to, subject: message.subject, body: message.text, createdAt: this.now() });
    this.log.info({ to: message.to, subject: message.subject }, 'mail kept in the outbox (no SMTP_URL)');
  }
}
