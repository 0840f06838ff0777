import assert from 'node:assert/strict';
import { test } from 'node:test';
import { originAllowed } from './origin-policy';

const CONSOLE = 'https://console.example.gov.sg';

test('the console origin is always allowed; others only through the app allowed domains', () => {
  assert.equal(originAllowed(CONSOLE, CONSOLE, []), true);
  assert.equal(originAllowed('https://evil.example.com', CONSOLE, []), false);
  assert.equal(originAllowed(undefined, CONSOLE, []), true, 'no Origin header: not a web page');
  assert.equal(originAllowed('not a url', CONSOLE, ['example.gov.sg']), false);
});

test('a domain entry matches itself and subdomains over https; an origin entry matches exactly', () => {
  const allowed = ['agency.gov.sg', 'http://127.0.0.1:5180', '*.health.gov.sg'];
  assert.equal(originAllowed('https://agency.gov.sg', CONSOLE, allowed), true);
  assert.equal(originAllowed('https://www.agency.gov.sg', CONSOLE, allowed), true);
  assert.equal(originAllowed('http://www.agency.gov.sg', CONSOLE, allowed), false);
  assert.equal(originAllowed('https://notagency.gov.sg', CONSOLE, allowed), false);
  assert.equal(originAllowed('https://agency.gov.sg.evil.com', CONSOLE, allowed), false);
  assert.equal(originAllowed('http://127.0.0.1:5180', CONSOLE, allowed), true);
  assert.equal(originAllowed('http://127.0.0.1:5181', CONSOLE, allowed), false);
  assert.equal(originAllowed('https://clinic.health.gov.sg', CONSOLE, allowed), true);
  assert.equal(originAllowed('http://localhost:3000', CONSOLE, ['localhost']), true, 'plain http only on loopback');
});
