import { desc, eq } from 'drizzle-orm';
import { outbox } from './core-tables';
import type { TestServer } from './test-server';

/**
 * The newest outbox mail to `to` whose subject matches, waiting briefly (mail is sent in the
 * background). Without SMTP_URL the server's mail goes to the outbox table, so tests read it there.
 */
export async function outboxMail(t: TestServer, to: string, subject: RegExp): Promise<{ subject: string; body: string }> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const rows = await t.server.db.db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.id));
    const found = rows.find((row) => subject.test(row.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no outbox mail to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The `token` query parameter of the first console link in a mail. */
export function linkTokenOf(text: string): { url: URL; token: string } {
  const match = /(https?:\/\/\S+)/.exec(text);
  if (!match) throw new Error(`no link in mail: ${text}`);
  const url = new URL(match[1]);
  const token = url.searchParams.get('token');
  if (!token) throw new Error(`no token in link ${url.toString()}`);
  return { url, token };
}
