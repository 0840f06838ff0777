import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import PDFDocument from 'pdfkit';
import { pdfBomb } from '../../tests/support/hostile-files';
import { pdfReadersRunning, readPdfText, type PdfLimits } from './pdf-text';

const LIMITS: PdfLimits = { maxPages: 200, maxChars: 2_000_000 };
const linux = process.platform === 'linux';

/** Resident memory (MB) of this process's children: the PDF reader while it runs. */
function childrenRssMb(): number {
  let total = 0;
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    for (const child of readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) {
      try {
        total += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      } catch {
        // the reader ended between the two reads
      }
    }
  }
  return total;
}

/** Reads the PDF with the default memory cap, sampling the reader's resident memory every few milliseconds. */
async function readWatched(data: Uint8Array): Promise<{ outcome: string; peakMb: number }> {
  let peakMb = 0;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, childrenRssMb())), 2);
  try {
    const outcome = await readPdfText(data, LIMITS).then(
      (text) => `${text.pages} pages`,
      (error: { kind?: string }) => error.kind ?? String(error),
    );
    return { outcome, peakMb };
  } finally {
    clearInterval(sampler);
  }
}

function longTextPdf(pages: number): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (let page = 0; page < pages; page += 1) {
    if (page > 0) doc.addPage();
    for (let line = 0; line < 45; line += 1) doc.font('Helvetica').fontSize(10).text(`Page ${page + 1}, line ${line + 1}: how do I renew my passport, and what does it cost?`);
  }
  doc.end();
  return done;
}

test('a PDF inflating to 1 GB: the reader is killed before its memory passes the +300 MB the server may grow by', { skip: !linux && 'needs /proc' }, async () => {
  const { outcome, peakMb } = await readWatched(pdfBomb(1024));
  assert.equal(outcome, 'too-much-memory');
  assert.ok(peakMb <= 300, `the reader reached ${peakMb.toFixed(0)} MB`);
});

test('the default cap still reads a long honest document: 200 pages of text', { skip: !linux && 'needs /proc' }, async () => {
  const { outcome } = await readWatched(new Uint8Array(await longTextPdf(200)));
  assert.equal(outcome, '200 pages');
});

test('readers run one at a time: four hostile PDFs at once never hold more than one reader’s memory', { skip: !linux && 'needs /proc' }, async () => {
  let mostAtOnce = 0;
  let peakMb = 0;
  const sampler = setInterval(() => {
    mostAtOnce = Math.max(mostAtOnce, pdfReadersRunning());
    peakMb = Math.max(peakMb, childrenRssMb());
  }, 2);
  try {
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map(() => readPdfText(pdfBomb(1024), LIMITS).then(() => 'read', (error: { kind?: string }) => error.kind ?? String(error))),
    );
    assert.deepEqual(outcomes, ['too-much-memory', 'too-much-memory', 'too-much-memory', 'too-much-memory']);
    assert.equal(mostAtOnce, 1);
    assert.ok(peakMb <= 300, `the readers reached ${peakMb.toFixed(0)} MB together`);
  } finally {
    clearInterval(sampler);
  }
});
