/**
 * PDF text extraction (Mozilla PDF.js, its Node "legacy" build), server side only: plugins read the
 * text of an uploaded PDF with `readPdfText`. Its own file, so modules that do not read PDFs never
 * load PDF.js. No rendering, no fonts loaded into a canvas, no scripts run (`isEvalSupported: false`).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

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

/** Why a PDF could not be read; `kind` tells the caller which 4xx to answer. */
export class PdfReadError extends Error {
  constructor(
    readonly kind: 'not-pdf' | 'damaged' | 'encrypted' | 'too-many-pages' | 'too-much-text',
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

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  hasEOL: boolean;
}

/**
 * The text lines of a PDF, page by page (items on one baseline joined). Refuses data that is not a
 * PDF, a damaged or password-protected one, more than `maxPages` pages or more than `maxChars` of text.
 */
export async function readPdfText(data: Uint8Array, limits: { maxPages: number; maxChars: number }): Promise<PdfText> {
  if (!isPdf(data)) throw new PdfReadError('not-pdf', 'not a PDF');
  // PDF.js may detach the buffer it is given: hand it a copy.
  const task = getDocument({ data: data.slice(), isEvalSupported: false, verbosity: VerbosityLevel.ERRORS, standardFontDataUrl, stopAtErrors: false });
  let pdf;
  try {
    pdf = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw new PdfReadError('encrypted', 'password-protected');
    throw new PdfReadError('damaged', (error as Error).message);
  }
  try {
    if (pdf.numPages > limits.maxPages) throw new PdfReadError('too-many-pages', `${pdf.numPages} pages`);
    const lines: PdfLine[] = [];
    let chars = 0;
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      let content;
      try {
        content = await page.getTextContent();
      } catch (error) {
        throw new PdfReadError('damaged', (error as Error).message);
      }
      let current: PdfLine | null = null;
      const close = () => {
        if (current && current.text.trim()) {
          current.text = current.text.replace(/\s+/g, ' ').trim();
          chars += current.text.length;
          lines.push(current);
        }
        current = null;
      };
      for (const raw of content.items) {
        if (!('str' in raw)) continue;
        const item = raw as TextItem;
        const [a, b, , , x, y] = item.transform;
        const size = Math.round(Math.hypot(a, b) * 10) / 10;
        if (item.str !== '') {
          const line: PdfLine | null = current;
          if (line && Math.abs(line.y - y) <= Math.max(1, size * 0.3)) {
            const gap = x - line.right;
            line.text += gap > size * 0.15 && !line.text.endsWith(' ') && !item.str.startsWith(' ') ? ` ${item.str}` : item.str;
            line.right = Math.max(line.right, x + item.width);
            line.fontSize = Math.max(line.fontSize, size);
          } else {
            close();
            current = { page: number, text: item.str, x, y, right: x + item.width, fontSize: size };
          }
        }
        if (item.hasEOL) close();
      }
      close();
      page.cleanup();
      if (chars > limits.maxChars) throw new PdfReadError('too-much-text', `more than ${limits.maxChars} characters`);
    }
    return { pages: pdf.numPages, lines };
  } finally {
    await pdf.destroy();
  }
}
