import assert from 'node:assert/strict';
import { test } from 'node:test';
import { embedOriginAllowed } from './embed-origin';

const CONSOLE = 'https://console.civic.gov.sg';

test('the console, listed origins and allowed domains (with subdomains, https) may embed', () => {
  assert.equal(embedOriginAllowed(CONSOLE, CONSOLE, [], []), true);
  assert.equal(embedOriginAllowed('https://www.ica.gov.sg', CONSOLE, ['https://www.ica.gov.sg'], []), true);
  assert.equal(embedOriginAllowed('https://eservices.ica.gov.sg', CONSOLE, [], ['ica.gov.sg']), true);
  assert.equal(embedOriginAllowed('https://ica.gov.sg', CONSOLE, [], ['*.ica.gov.sg']), true);
  assert.equal(embedOriginAllowed('http://127.0.0.1:5180', CONSOLE, [], ['127.0.0.1']), true);
  assert.equal(embedOriginAllowed('http://127.0.0.1:5180', CONSOLE, [], ['http://127.0.0.1:5180/']), true);
});

test('anything else may not', () => {
  assert.equal(embedOriginAllowed('https://evil.example', CONSOLE, ['https://www.ica.gov.sg'], ['ica.gov.sg']), false);
  assert.equal(embedOriginAllowed('http://www.ica.gov.sg', CONSOLE, [], ['ica.gov.sg']), false);
  assert.equal(embedOriginAllowed('https://notica.gov.sg', CONSOLE, [], ['ica.gov.sg']), false);
  assert.equal(embedOriginAllowed('null', CONSOLE, [], ['ica.gov.sg']), false);
});
