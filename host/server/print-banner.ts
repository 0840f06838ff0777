import { CONSOLE_NAME } from '@civic/core/common/constants';
import { DEMO_USERS } from '@civic/core/server/seed/demo-data';

export type DemoPasswordSource = { kind: 'known'; password: string } | { kind: 'environment' } | { kind: 'unknown' };

/**
 * What an operator reads after `npm start`: where the console is and, on the embedded demo,
 * how to sign in. Printed to stdout (not the JSON log) so it stays readable.
 */
/** The demo app the banner and the README point a newcomer to: its sharing page answers from the published demo. */
export const TRY_IT_APP = 'demo-enterprise';

/** The public sharing page of an app (the webchat plugin's `/sharing/:appId`). */
export function sharingPageUrl(url: string, appId: string): string {
  return `${url}/sharing/${appId}`;
}

/** `tryIt`: the demo apps were seeded published and the webchat plugin serves sharing pages. */
export function printBanner(url: string, demo: { accountsExist: boolean; password: DemoPasswordSource; otpInLog?: boolean; tryIt?: boolean }): void {
  const lines = ['', `${CONSOLE_NAME} is running at ${url}`];
  if (demo.accountsExist) {
    const width = Math.max(...DEMO_USERS.map((u) => u.email.length));
    lines.push('', 'Demo accounts:');
    for (const user of DEMO_USERS) lines.push(`  ${user.email.padEnd(width)}  ${user.description}`);
    const password =
      demo.password.kind === 'known'
        ? demo.password.password
        : demo.password.kind === 'environment'
          ? '(the value of CIVIC_DEMO_PASSWORD)'
          : '(set when the demo data was seeded; not stored here)';
    lines.push(`Password for all of them: ${password}`);
    if (demo.otpInLog) {
      lines.push('Two-factor is on and no SMTP_URL is set: mail goes to the outbox table, and (demo only)');
      lines.push('each one-time password is also printed in the log line "DEMO ONLY … one-time password".');
    }
  }
  if (demo.accountsExist && demo.tryIt) {
    lines.push('', `Ask the demo bot a question (no sign-in): ${sharingPageUrl(url, TRY_IT_APP)}`);
  }
  lines.push('');
  process.stdout.write(`${lines.join('\n')}\n`);
}
