import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Messages } from '@civic/sdk/common/messages';
import { HttpError } from '@civic/sdk/server';
import { prepareResponsesOrThrow } from './prepare-for-storage';
import { prepareResponsesForStorage, sanitizeHtml } from './sanitize-html';
import { KbMessages } from '../../../common/messages';

test('scripts and their content are removed', () => {
  const out = sanitizeHtml('<p>Opening hours</p><script>alert(document.cookie)</script>');
  assert.equal(out, '<p>Opening hours</p>');
});

test('event handlers such as onerror and onclick are removed', () => {
  const out = sanitizeHtml('<img src="https://agency.gov/a.png" onerror="alert(1)" alt="Map"><p onclick="steal()">Hi</p>');
  assert.doesNotMatch(out, /onerror|onclick|alert|steal/);
  assert.match(out, /<img src="https:\/\/agency\.gov\/a\.png" alt="Map">/);
  assert.match(out, /<p>Hi<\/p>/);
});

test('javascript: and other non-https URLs are removed, https links open in a new tab', () => {
  const out = sanitizeHtml(
    '<a href="javascript:alert(1)">bad</a> <a href="JaVaScRiPt:alert(1)">bad2</a> <a href="http://plain.gov">plain</a> <a href="https://agency.gov/fees">fees</a>',
  );
  assert.doesNotMatch(out, /javascript|http:\/\/plain/i);
  assert.match(out, /<a href="https:\/\/agency\.gov\/fees" target="_blank" rel="noopener noreferrer">fees<\/a>/);
  assert.match(out, /<a>bad<\/a>/);
});

test('frames, forms, styles and svg are removed; formatting stays', () => {
  const out = sanitizeHtml(
    '<iframe src="https://evil.com"></iframe><form action="https://evil.com"><input name="p"></form><style>body{}</style><svg onload="alert(1)"></svg><b style="color:red">Bold</b> <ul><li>one</li></ul><table><tr><td>c</td></tr></table>',
  );
  assert.doesNotMatch(out, /iframe|form|input|style|svg|onload/);
  assert.match(out, /<b>Bold<\/b>/);
  assert.match(out, /<ul><li>one<\/li><\/ul>/);
  assert.match(out, /<td>c<\/td>/);
});

test('prepareResponsesForStorage sanitises html before it is stored and drops html that sanitised to nothing', () => {
  const out = prepareResponsesForStorage([
    {
      platform: 'PLATFORM_UNSPECIFIED',
      enable_default_response: true,
      messages: [
        { type: 'html', html: '<p onmouseover="x()">Fees</p><script>x()</script>' },
        { type: 'html', html: '<script>only()</script>' },
        { type: 'customPayload', json: 'not json' },
      ],
    },
  ]);
  assert.deepEqual(out.responses[0].messages, [{ type: 'html', html: '<p>Fees</p>' }, { type: 'customPayload', json: 'not json' }]);
  assert.deepEqual(out.errors.map((e) => e.message), [KbMessages.customPayloadError]);
});

test('prepareResponsesOrThrow answers 422 with the §8 message, body paths and the problems for the editor', () => {
  const list = [
    { platform: 'PLATFORM_UNSPECIFIED' as const, enable_default_response: true, messages: [{ type: 'text' as const, text: ['Hi'] }] },
    {
      platform: 'LINE' as const,
      enable_default_response: true,
      messages: [
        { type: 'text' as const, text: [''] },
        { type: 'image' as const, imageUri: 'http://agency.gov/a.png', accessibilityText: '' },
      ],
    },
  ];
  assert.throws(
    () => prepareResponsesOrThrow(list, 'intent.responses'),
    (error: unknown) => {
      assert.ok(error instanceof HttpError);
      assert.equal(error.status, 422);
      assert.equal(error.message, Messages.invalidHttpsUrl);
      assert.deepEqual(error.extras.fields, { 'intent.responses.1.messages.1.imageUri': [Messages.invalidHttpsUrl] });
      const problems = (error.extras.detail as { responseProblems: Array<{ platform: string; index: number }> }).responseProblems;
      assert.deepEqual(problems.map((p) => [p.platform, p.index]), [['LINE', 1]]);
      return true;
    },
  );
});

test('prepareResponsesOrThrow returns what to store and the warnings when nothing blocks the save', () => {
  const out = prepareResponsesOrThrow([
    { platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'html', html: '<b onclick="x()">Hi</b>' }] },
    { platform: 'WHATSAPP', enable_default_response: true, messages: [] },
  ]);
  assert.deepEqual(out.responses[0].messages, [{ type: 'html', html: '<b>Hi</b>' }]);
  assert.deepEqual(out.warnings.map((w) => [w.platform, w.message, w.detail]), [['WHATSAPP', KbMessages.channelWithoutResponses, KbMessages.createOneResponse]]);
});
