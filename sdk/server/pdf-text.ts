/**
 * PDF text extraction (Mozilla PDF.js, its Node "legacy" build), server side only: plugins read the
 * text of an uploaded PDF with `readPdfText`. PDF.js runs in a worker thread of its own (see
 * `pdf-text-worker.mjs`: its polyfills must not touch the server's globals), with a memory cap and a
 * time limit, so a hostile PDF costs the server neither. No rendering, no scripts (`isEvalSupported: false`).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { startWorker } from './worker';

/** One line of text as laid out on its page (PDF user-space units, y grows upwards). */
export interface PdfLine {
  page: number;
  text: string;
  /** Left edge and baseline of the line. */
  x: number;
  y: number;
  /** Right edge of the line. */
  right: number;
  /** The largest font size on the line. */
  fontSize: number;
}

export interface PdfText {
  pages: number;
  lines: PdfLine[];
}

export type PdfProblem = 'not-pdf' | 'damaged' | 'encrypted' | 'too-many-pages' | 'too-much-text' | 'too-slow';

/** Why a PDF could not be read; `kind` tells the caller which 4xx to answer. */
export class PdfReadError extends Error {
  constructor(
    readonly kind: PdfProblem,
    message: string,
  ) {
    super(message);
    this.name = 'PdfReadError';
  }
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** True when the data is a PDF by its content: `%PDF-` within the first 1,024 bytes (as readers allow). */
export function isPdf(data: Uint8Array): boolean {
  const end = Math.min(data.length - PDF_MAGIC.length, 1024);
  for (let i = 0; i <= end; i += 1) {
    if (PDF_MAGIC.every((byte, k) => data[i + k] === byte)) return true;
  }
  return false;
}

const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export interface PdfLimits {
  maxPages: number;
  maxChars: number;
  /** Wall-clock budget for the whole read (default 30 s). */
  timeoutMs?: number;
  /** Heap cap of the worker (default 256 MB). */
  maxMemoryMb?: number;
}

/**
 * The text lines of a PDF, page by page (items on one baseline joined). Refuses data that is not a
 * PDF, a damaged or password-protected one, more than `maxPages` pages or `maxChars` of text, and a
 * read that takes too long or too much memory.
 */
export function readPdfText(data: Uint8Array, limits: PdfLimits): Promise<PdfText> {
  if (!isPdf(data)) return Promise.reject(new PdfReadError('not-pdf', 'not a PDF'));
  return new Promise((resolve, reject) => {
    const worker = startWorker(new URL('./pdf-text-worker.mjs', import.meta.url), {
      // A copy: the worker owns (and PDF.js may detach) what it is given.
      data: { data: data.slice(), maxPages: limits.maxPages, maxChars: limits.maxChars, standardFontDataUrl },
      name: 'pdf-text',
      resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb ?? 256 },
      quiet: true,
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => finish(() => reject(new PdfReadError('too-slow', 'time limit'))), limits.timeoutMs ?? 30_000);
    worker.once('message', (answer: PdfText | { error: PdfProblem; message: string }) =>
      finish(() => ('error' in answer ? reject(new PdfReadError(answer.error, answer.message)) : resolve(answer))),
    );
    // Out of memory or a crash inside PDF.js: the PDF is not one we can read.
    worker.once('error', (error) => finish(() => reject(new PdfReadError('damaged', error.message))));
    worker.once('exit', (code) => finish(() => reject(new PdfReadError('damaged', `worker exited with ${code}`))));
  });
}
