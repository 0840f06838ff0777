import assert from 'node:assert/strict';
import { test } from 'node:test';
import { csvRecords, openSpreadsheet } from './bulk-spreadsheet';

const bytes = (text: string) => new TextEncoder().encode(text);

test('CSV records: quoted fields with commas, doubled quotes and new lines; a BOM and blank lines dropped; in batches', () => {
  const batches = [...csvRecords('\uFEFFa,b\r\n"x, y","say ""hi""\nthere"\r\n\r\n,,\r\n1,2\r\n3,4\r\n', 2)];
  assert.deepEqual(batches, [
    [
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
    ],
    [
      ['1', '2'],
      ['3', '4'],
    ],
  ]);
  assert.throws(() => [...csvRecords('a\n"open', 10)], { status: 422, message: 'Row 2 has a quote that is never closed' });
});

test('a spreadsheet is read as checked rows, one batch at a time, numbered from the header', async () => {
  const lines = ['question,answer'];
  for (let i = 0; i < 1_205; i += 1) lines.push(`Question ${i}?,Answer ${i}`);
  lines.push('Question 3?,Again');
  const sizes: number[] = [];
  let last;
  for (const batch of await openSpreadsheet(bytes(lines.join('\n')), 500)) {
    sizes.push(batch.length);
    last = batch.at(-1);
  }
  assert.deepEqual(sizes, [499, 500, 207]);
  assert.deepEqual(last, { row: 1_207, question: 'Question 3?', variants: [], answer: 'Again', category: null, labels: [], errors: ['The same question is on row 5'] });
  await assert.rejects(openSpreadsheet(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1])), { status: 415 });
  await assert.rejects(async () => [...(await openSpreadsheet(bytes('foo,bar\n1,2')))], { status: 422, message: /first row must name the columns/ });
  await assert.rejects(async () => [...(await openSpreadsheet(bytes('\n\n')))], { status: 422, message: 'The file has no rows' });
});
