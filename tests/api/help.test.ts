import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { guideFor } from '../../plugins/help/common/guide';
import { startTestServer, type TestServer } from './support/test-server';

let t: TestServer;

before(async () => {
  t = await startTestServer();
});

after(async () => {
  await t?.close();
});

/** A PDF literal string as pdfkit writes it: ( ) and \ escaped. */
const pdfLiteral = (text: string) => `(${text.replace(/([()\\])/g, '\\$1')})`;

test('the guide PDF is served at the profile helpGuideUrl, without signing in', async () => {
  assert.equal(t.config.profile.helpGuideUrl, '/help/civic-console-guide.pdf');
  const response = await t.http.get(t.config.profile.helpGuideUrl.slice(1), { responseType: 'buffer' });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['content-type'], 'application/pdf');
  assert.equal(response.headers['content-disposition'], 'inline; filename="civic-console-guide.pdf"');
  const pdf = response.body;
  assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
  assert.match(pdf.subarray(pdf.length - 8).toString('latin1'), /%%EOF\s*$/);
  const text = pdf.toString('latin1');
  // The guide of this deployment: topics of plugins it does not run are not in it.
  const GUIDE = guideFor(t.config.profile.plugins);
  assert.ok(!t.config.profile.plugins.includes('evaluation'));
  assert.ok(!text.includes(`/Title ${pdfLiteral('Test cases and the playground')}`), 'no topic about a plugin this deployment lacks');
  // Every heading of the guide is a bookmark of the PDF (the outline), in the guide's order.
  GUIDE.sections.forEach((section, index) => {
    assert.ok(text.includes(`/Title ${pdfLiteral(`${index + 1}. ${section.title}`)}`), `bookmark of section "${section.title}"`);
    for (const topic of section.topics) assert.ok(text.includes(`/Title ${pdfLiteral(topic.title)}`), `bookmark of topic "${topic.title}"`);
  });
  assert.ok(text.includes(pdfLiteral(GUIDE.title)), 'document title');
  assert.ok(text.includes('/Lang (en-SG)'));
  // The pages draw the headings too: the content streams (deflated) show them as glyph runs.
  const streams = [...text.matchAll(/stream\r?\n/g)].map((m) => {
    const start = (m.index ?? 0) + m[0].length;
    const end = text.indexOf('endstream', start);
    try {
      return inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      return '';
    }
  });
  const drawn = streams.join('\n').replace(/<([0-9a-f]+)>/g, (_all, hex: string) => Buffer.from(hex, 'hex').toString('latin1'));
  const runs = drawn.replace(/\]\s*TJ|\[|\s-?\d+(\.\d+)?\s/g, '');
  for (const section of GUIDE.sections) assert.ok(runs.includes(section.title.replace(/\s/g, '')) || runs.replace(/\s/g, '').includes(section.title.replace(/\s/g, '')), `page text of "${section.title}"`);
});

test('the PDF is made once and served the same again', async () => {
  const first = await t.http.get('help/civic-console-guide.pdf', { responseType: 'buffer' });
  const second = await t.http.get('help/civic-console-guide.pdf', { responseType: 'buffer' });
  assert.ok(first.body.equals(second.body));
  assert.equal(second.headers['cache-control'], 'no-store');
});
