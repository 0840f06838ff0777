/** One outgoing mail: plain text only, so nothing in it can be active content. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail; where to (SMTP or the outbox table) is the deployment's choice. */
export interface Mailer {
  /** Whether mail really leaves the server (false: outbox of the embedded default). */
  readonly delivers: boolean;
  send(message: MailMessage): Promise<void>;
}
