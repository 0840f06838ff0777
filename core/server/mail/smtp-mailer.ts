import type { Transporter } from 'nodemailer';
import type { Logger } from '../logging/logger';
import type { MailMessage, Mailer } from './mailer';

/**
 * Mail over SMTP (SMTP_URL) with nodemailer, loaded when the mailer is made, not with the server's
 * code. The log names recipient and subject, never the body.
 */
export class SmtpMailer implements Mailer {
  readonly delivers = true;
  private readonly transport: Promise<Transporter>;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: Logger,
  ) {
    this.transport = import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
  }

  async send(message: MailMessage): Promise<void> {
    await (await this.transport).sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
    this.log.info({ to: message.to, subject: message.subject }, 'mail sent');
  }

  close(): void {
    void this.transport.then((transport) => transport.close());
  }
}
