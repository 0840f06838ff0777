import { SMTPServer } from 'smtp-server';

/** A received mail, as the tests read it (plain text bodies only: the server sends no HTML). */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * A real SMTP server on loopback (smtp-server) for the API and browser suites to read one-time codes
 * and links from. The console sends plain-text mail, so parsing the
 * headers and a quoted-printable body by hand is enough (mailparser does not install here).
 */
export class TestSmtp {
  readonly mails: ReceivedMail[] = [];
  private server?: SMTPServer;
  private waiters: Array<() => void> = [];
  port = 0;

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
          for (const wake of this.waiters.splice(0)) wake();
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as { port: number }).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** How many mails have arrived; pass it to `waitFor` to wait for a newer one. */
  get count(): number {
    return this.mails.length;
  }

  /** The first mail to `to` matching `subject` among those after the first `after`, waiting up to 10 s. */
  async waitFor(to: string, subject: RegExp, after = 0): Promise<ReceivedMail> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = this.mails.slice(after).find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}; got ${JSON.stringify(this.mails.map((m) => [m.to, m.subject]))}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
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
  return { subject: decodeWords(header('Subject')), text: body.replace(/\r\n/g, '\n') };
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=). */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}
