/**
 * The route-size bar alone (issue 16), without the rest of `npm run bench`: every route's JavaScript
 * on its own first visit in Chromium, beside the 200 KiB gzip goal. Needs `npm run build` first.
 *   node --import tsx tests/bench/route-scripts-bench.ts            # the table; exits 1 on a miss
 *   node --import tsx tests/bench/route-scripts-bench.ts --files    # with each route's files
 */
import { E2E_PASSWORD, startConsole } from '../e2e/support/server';
import { describeRoutes, everyPageScripts } from './page-scripts';

const running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off', LOG_LEVEL: 'error' });
let ok = false;
try {
  const pages = await everyPageScripts(running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
  const report = describeRoutes(pages, { files: process.argv.includes('--files') });
  console.log(report.lines.join('\n'));
  ok = report.ok;
} finally {
  await running.stop();
}
process.exit(ok ? 0 : 1);
