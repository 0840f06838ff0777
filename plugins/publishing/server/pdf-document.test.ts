import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadPdfKit } from '@civic/sdk/server/pdf';
import type { PdfLine } from '@civic/sdk/server/pdf-text';
import { extractCandidates } from '../common/qna-extract';
import { pdfLinesToMarkdown, readPdfDocument } from './pdf-document';

const line = (page: number, y: number, text: string, fontSize = 11, right = 300): PdfLine => ({ page, x: 72, y, text, fontSize, right });

test('larger lines become headings by size, wrapped lines are joined, page numbers dropped', () => {
  const lines = [
    line(1, 760, 'Council services', 20),
    line(1, 730, 'Body text that fills the whole width of the column and so', 11, 520),
    line(1, 717, 'wraps onto the next line.', 11, 200),
    line(1, 690, 'When is the rubbish', 14, 200),
    line(1, 674, 'collected?', 14, 100),
    line(1, 655, 'Every Monday morning.'),
    line(1, 642, 'Bins out by 7am.'),
    line(1, 40, '1', 9),
    line(2, 760, 'Q: Do you take glass?'),
    line(2, 746, 'A: Yes, in the blue bin.'),
  ];
  assert.equal(
    pdfLinesToMarkdown(lines),
    '# Council services\n\nBody text that fills the whole width of the column and so wraps onto the next line.\n\n## When is the rubbish collected?\n\nEvery Monday morning.\nBins out by 7am.\n\nQ: Do you take glass?\nA: Yes, in the blue bin.',
  );
  assert.deepEqual(
    extractCandidates(pdfLinesToMarkdown(lines), 'markdown').map((c) => [c.question, c.answer]),
    [
      ['When is the rubbish collected?', 'Every Monday morning. Bins out by 7am.'],
      ['Do you take glass?', 'Yes, in the blue bin.'],
    ],
  );
});

test('a real PDF is read with PDF.js; a file that is not a PDF or is damaged is a 4xx', async () => {
  const PDFDocument = await loadPdfKit();
  const pdf = await new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.font('Helvetica-Bold').fontSize(16).text('How do I apply?');
    doc.font('Helvetica').fontSize(11).text('Online, with Singpass.');
    doc.end();
  });
  const read = await readPdfDocument(new Uint8Array(pdf));
  assert.deepEqual(read, { pages: 1, text: '# How do I apply?\n\nOnline, with Singpass.' });
  // PDF.js ran in its worker: its polyfills did not replace the server's own JSON.stringify.
  assert.match(Function.prototype.toString.call(JSON.stringify), /\[native code\]/);
  await assert.rejects(readPdfDocument(new TextEncoder().encode('<html>not a pdf</html>')), { status: 415 });
  const long = await new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (let page = 1; page <= 201; page += 1) {
      if (page > 1) doc.addPage();
      doc.text(`Page ${page}`);
    }
    doc.end();
  });
  await assert.rejects(readPdfDocument(new Uint8Array(long)), { status: 413, message: 'The PDF has more than 200 pages' });
  await assert.rejects(readPdfDocument(new TextEncoder().encode('%PDF-1.4\nrubbish')), { status: 422 });
});
