import { openBrowser } from './support/browser';
import { signIn } from './support/console-user';
import { E2E_PASSWORD, startConsole } from './support/server';
const running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off', LOG_LEVEL: 'error' });
const { browser, close } = await openBrowser();
try {
  await browser.setWindowSize(1400, 900);
  await signIn(browser, running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
  for (const [name, path] of [['dashboard', '/dashboard'], ['users', '/users'], ['audit', '/auditLog'], ['chatapps', '/chatApp'], ['intent', '/intent/demo-plus/create'], ['jobs', '/importjob/demo-plus']] as const) {
    await browser.url(`${running.url}${path}`);
    await browser.pause(3000);
    if (name === 'intent') {
      await browser.$('button=Try it').click();
      await browser.pause(4000);
    }
    await browser.saveScreenshot(`/tmp/tour-${name}.png`);
  }
} finally {
  await close();
  await running.stop();
}
