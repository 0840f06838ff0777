import { HttpError } from '@civic/sdk/server';
import { PdfReadError, readPdfText, type PdfLine } from '@civic/sdk/server/pdf-text';
import { PublishingMessages } from '../common/messages';

export const PDF_LIMITS = { maxBytes: 10 * 1024 * 1024, maxPages: 200, maxChars: 2_000_000 } as const;

const isPageFurniture = (text: string) => /^(page\s+)?\d+(\s*(of|\/)\s*\d+)?$/i.test(text.trim());

/** The size most of the text is set in (by characters): the body size. */
function bodySize(lines: PdfLine[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) weight.set(line.fontSize, (weight.get(line.fontSize) ?? 0) + line.text.length);
  let best = 0;
  let most = -1;
  for (const [size, chars] of weight) {
    if (chars > most) {
      best = size;
      most = chars;
    }
  }
  return best;
}

/**
 * PDF lines → the Markdown-like text the Q&A extractor reads: lines set larger than the body become
 * headings (`#` … by size, largest first), a heading wrapped over two lines is one heading, body lines
 * wrapped at the right margin are joined, and a wider gap (or a new page) is a blank line.
 */
export function pdfLinesToMarkdown(all: PdfLine[]): string {
  const lines = all.filter((line) => !isPageFurniture(line.text));
  if (lines.length === 0) return '';
  const body = bodySize(lines);
  const headingSizes = [...new Set(lines.filter((l) => l.fontSize >= body * 1.15 && l.text.length <= 200).map((l) => l.fontSize))].sort((a, b) => b - a);
  const levelOf = (line: PdfLine) => {
    const index = headingSizes.indexOf(line.fontSize);
    return index < 0 || line.text.length > 200 ? 0 : Math.min(6, index + 1);
  };
  const rightOfPage = new Map<number, number>();
  for (const line of lines) rightOfPage.set(line.page, Math.max(rightOfPage.get(line.page) ?? 0, line.right));

  const out: string[] = [];
  let previous: PdfLine | null = null;
  let previousLevel = 0;
  for (const line of lines) {
    const level = levelOf(line);
    if (previous) {
      const samePage = previous.page === line.page;
      const gap = samePage ? previous.y - line.y : Number.POSITIVE_INFINITY;
      const lineHeight = Math.max(previous.fontSize, line.fontSize) * 1.5;
      const continues = samePage && gap > 0 && gap <= lineHeight && level === previousLevel && previous.fontSize === line.fontSize;
      const wrapped = previous.right >= (rightOfPage.get(previous.page) ?? 0) * 0.85 && !/[?!.:]$/.test(previous.text);
      if (continues && (level > 0 ? !/[?!.:]$/.test(previous.text) : wrapped)) {
        out[out.length - 1] += ` ${line.text}`;
        previous = line;
        continue;
      }
      if (!samePage || gap > lineHeight || gap < 0 || level > 0 || previousLevel > 0) out.push('');
    }
    out.push(level > 0 ? `${'#'.repeat(level)} ${line.text}` : line.text);
    previous = line;
    previousLevel = level;
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

/** An uploaded PDF's text, laid out for the Q&A extractor; refusals are 4xx with a clear message. */
export async function readPdfDocument(data: Uint8Array): Promise<{ pages: number; text: string }> {
  if (data.byteLength > PDF_LIMITS.maxBytes) throw new HttpError(413, PublishingMessages.fileTooLarge(PDF_LIMITS.maxBytes / (1024 * 1024)));
  try {
    const { pages, lines } = await readPdfText(data, PDF_LIMITS);
    return { pages, text: pdfLinesToMarkdown(lines) };
  } catch (error) {
    if (!(error instanceof PdfReadError)) throw error;
    switch (error.kind) {
      case 'not-pdf':
        throw new HttpError(415, PublishingMessages.notAPdf);
      case 'encrypted':
        throw HttpError.invalid([PublishingMessages.pdfEncrypted]);
      case 'too-many-pages':
        throw new HttpError(413, PublishingMessages.pdfTooManyPages(PDF_LIMITS.maxPages));
      case 'too-much-text':
        throw new HttpError(413, PublishingMessages.pdfTooMuchText);
      case 'too-slow':
        throw HttpError.invalid([PublishingMessages.pdfTooSlow]);
      case 'too-much-memory':
        throw new HttpError(413, PublishingMessages.pdfTooMuchMemory);
      default:
        throw HttpError.invalid([PublishingMessages.pdfDamaged]);
    }
  }
}
