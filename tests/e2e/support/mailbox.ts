import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * A real SMTP server on loopback (smtp-server) that keeps what the console sends, for the browser
 * tests to read one-time codes and links from. The console's mails are plain text.
 */
export class Mailbox {
  readonly mails: ReceivedMail[] = [];
  private server?: SMTPServer;

  /** Starts listening; returns the SMTP_URL for the console. */
  async start(): Promise<string> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          this.mails.push({ to, ...parseMail(Buffer.concat(chunks).toString('utf8')) });
          callback();
        });
      },
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  }

  /** How many mails have arrived; pass it to `waitFor` to wait for a newer one. */
  get count(): number {
    return this.mails.length;
  }

  /** The first mail to `to` whose subject matches, among those after `after`, waiting up to 10 s. */
  async waitFor(to: string, subject: RegExp, after = 0): Promise<ReceivedMail> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = this.mails.slice(after).find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}; got ${JSON.stringify(this.mails.map((m) => [m.to, m.subject]))}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<void> {
    const server = this.server;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

/** The 6-digit code of a one-time-password mail. */
export function otpOf(mail: ReceivedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

/** The first console link of a mail. */
export function linkOf(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in: ${mail.text}`);
  return link;
}

function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  let body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') {
    body = Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  } else if (encoding === 'base64') {
    body = Buffer.from(body, 'base64').toString('utf8');
  }
  const subject = header('Subject').replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
  return { subject, text: body.replace(/\r\n/g, '\n') };
}
