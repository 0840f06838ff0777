import { after, before, test } from 'node:test';
import { writeFileSync } from 'node:fs';
import { openBrowser, type Browser } from './support/browser';
import { startConsole, E2E_PASSWORD, type RunningConsole } from './support/server';
import { signIn } from './support/console-user';

let c: RunningConsole; let b: Browser; let close: () => Promise<void>;
before(async () => { c = await startConsole({ CIVIC_DEMO_PUBLISHED: 'on', CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off' }, { bundle: true }); ({ browser: b, close } = await openBrowser()); });
after(async () => { await close(); await c.stop(); });
test('tour', async () => {
  await b.setWindowSize(1400, 1000);
  await signIn(b, c.url, 'admin@demo.gov.sg', E2E_PASSWORD);
  const pages = (process.env.TOUR ?? '/dashboard').split(',');
  for (const p of pages) {
    await b.url(c.url + p);
    await b.pause(Number(process.env.TOUR_WAIT ?? 4000));
    if (process.env.TOUR_CLICK) { await b.$(`button=${process.env.TOUR_CLICK}`).click(); await b.pause(15000); }
    const name = p.replace(/[^a-z0-9]+/gi, '_');
    writeFileSync(`/tmp/shots/${name}.png`, Buffer.from(await b.takeScreenshot(), 'base64'));
  }
});
