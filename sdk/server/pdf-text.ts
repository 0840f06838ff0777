/**
 * PDF text extraction (Mozilla PDF.js, its Node "legacy" build), server side only: plugins read the
 * text of an uploaded PDF with `readPdfText`. PDF.js runs in a child process of its own (see
 * `pdf-text-worker.mjs`: its polyfills must not touch the server's globals). A worker thread's heap
 * cap did not cover PDF.js's decode buffers (a 612 KB PDF took the server from 0.9 to 2 GB), so the
 * child's whole resident memory is watched and the child killed past the cap, as it is past the time
 * limit: a hostile PDF costs the server neither. No rendering, no scripts (`isEvalSupported: false`).
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

export type PdfProblem = 'not-pdf' | 'damaged' | 'encrypted' | 'too-many-pages' | 'too-much-text' | 'too-slow' | 'too-much-memory';

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
  /**
   * Resident memory cap of the reading process, decode buffers included (default 256 MB: the process at
   * its peak, watched every 20 ms, stays within the +300 MB the server may grow by; 200 text pages take ~160 MB).
   */
  maxMemoryMb?: number;
}

const DEFAULT_MAX_MEMORY_MB = 256;
const PAGE_BYTES = 4096;
const WATCH_MS = 20;

/** Resident bytes of a process (Linux /proc); null where there is no /proc, or the process is gone. */
function residentBytes(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_BYTES;
  } catch {
    return null;
  }
}

/**
 * Readers run one at a time: each may use up to its memory cap, and the +300 MB the server may grow by
 * holds one of them, not the four the upload slots let in at once. Waiting readers are few (the slots
 * cap them) and each ends within its time limit.
 */
let readerQueue: Promise<unknown> = Promise.resolve();
let readersRunning = 0;

/** Reading processes alive now (0 or 1). */
export function pdfReadersRunning(): number {
  return readersRunning;
}

/**
 * The text lines of a PDF, page by page (items on one baseline joined). Refuses data that is not a
 * PDF, a damaged or password-protected one, more than `maxPages` pages or `maxChars` of text, and a
 * read that takes too long or too much memory (the reading process is killed then).
 */
export function readPdfText(data: Uint8Array, limits: PdfLimits): Promise<PdfText> {
  if (!isPdf(data)) return Promise.reject(new PdfReadError('not-pdf', 'not a PDF'));
  const read = readerQueue.then(() => readInChild(data, limits));
  readerQueue = read.catch(() => undefined);
  return read;
}

async function readInChild(data: Uint8Array, limits: PdfLimits): Promise<PdfText> {
  readersRunning += 1;
  try {
    return await spawnReader(data, limits);
  } finally {
    readersRunning -= 1;
  }
}

function spawnReader(data: Uint8Array, limits: PdfLimits): Promise<PdfText> {
  const maxMemoryMb = limits.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB;
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./pdf-text-worker.mjs', import.meta.url)), [], {
      // Not the server's flags (tsx and the like): plain Node, its heap capped below the whole cap.
      execArgv: [`--max-old-space-size=${Math.max(64, Math.floor(maxMemoryMb * 0.75))}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    // Below the server on a busy machine: the reader waits, the server's requests do not.
    if (child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // not allowed here: it runs at the server's priority
      }
    }
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      // The next reader starts only once this one's memory is given back.
      if (child.exitCode === null && child.signalCode === null) {
        child.once('exit', outcome);
        child.kill('SIGKILL');
      } else {
        outcome();
      }
    };
    const timer = setTimeout(() => finish(() => reject(new PdfReadError('too-slow', 'time limit'))), limits.timeoutMs ?? 30_000);
    const watch = setInterval(() => {
      const resident = child.pid ? residentBytes(child.pid) : null;
      if (resident !== null && resident > maxMemoryMb * 1024 * 1024) finish(() => reject(new PdfReadError('too-much-memory', `more than ${maxMemoryMb} MB`)));
    }, WATCH_MS);
    child.once('message', (answer: PdfText | { error: PdfProblem; message: string }) =>
      finish(() => ('error' in answer ? reject(new PdfReadError(answer.error, answer.message)) : resolve(answer))),
    );
    child.once('error', (error) => finish(() => reject(new PdfReadError('damaged', error.message))));
    // Out of heap or a crash inside PDF.js: the PDF is not one we can read.
    child.once('exit', (code, signal) => finish(() => reject(new PdfReadError('damaged', `reader exited with ${signal ?? code}`))));
    child.send({ data, maxPages: limits.maxPages, maxChars: limits.maxChars, standardFontDataUrl });
  });
}
