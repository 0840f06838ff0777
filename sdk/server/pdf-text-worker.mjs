/**
 * The PDF.js side of `pdf-text.ts`, run in a child process: PDF.js's Node ("legacy") build installs
 * core-js polyfills on the globals it runs in (JSON.stringify among them), so it must never load in
 * the server's own process; the child also keeps a hostile PDF's CPU and memory off the server, and
 * is killed when it takes too much of either. Plain JavaScript so that it runs on plain Node.
 */
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

// Forked by readPdfText, which sends one message: the PDF and its limits.
const { data, maxPages, maxChars, standardFontDataUrl } = await new Promise((resolve) => process.once('message', resolve));

async function read() {
  const task = getDocument({ data, isEvalSupported: false, maxImageSize: 4096 * 4096, disableFontFace: true, verbosity: VerbosityLevel.ERRORS, standardFontDataUrl, stopAtErrors: false });
  let pdf;
  try {
    pdf = await task.promise;
  } catch (error) {
    return { error: error?.name === 'PasswordException' ? 'encrypted' : 'damaged', message: String(error?.message ?? error) };
  }
  try {
    if (pdf.numPages > maxPages) return { error: 'too-many-pages', message: `${pdf.numPages} pages` };
    const lines = [];
    let chars = 0;
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      let content;
      try {
        content = await page.getTextContent();
      } catch (error) {
        return { error: 'damaged', message: String(error?.message ?? error) };
      }
      let current = null;
      const close = () => {
        if (current && current.text.trim()) {
          current.text = current.text.replace(/\s+/g, ' ').trim();
          chars += current.text.length;
          lines.push(current);
        }
        current = null;
      };
      for (const item of content.items) {
        if (typeof item.str !== 'string') continue;
        const [a, b, , , x, y] = item.transform;
        const size = Math.round(Math.hypot(a, b) * 10) / 10;
        if (item.str !== '') {
          if (current && Math.abs(current.y - y) <= Math.max(1, size * 0.3)) {
            const gap = x - current.right;
            current.text += gap > size * 0.15 && !current.text.endsWith(' ') && !item.str.startsWith(' ') ? ` ${item.str}` : item.str;
            current.right = Math.max(current.right, x + item.width);
            current.fontSize = Math.max(current.fontSize, size);
          } else {
            close();
            current = { page: number, text: item.str, x, y, right: x + item.width, fontSize: size };
          }
        }
        if (item.hasEOL) close();
      }
      close();
      page.cleanup();
      if (chars > maxChars) return { error: 'too-much-text', message: `more than ${maxChars} characters` };
    }
    return { pages: pdf.numPages, lines };
  } finally {
    await pdf.destroy();
  }
}

process.send(await read(), () => process.exit(0));
