import type PDFKit from 'pdfkit';

/**
 * PDFKit (server side only), the console's one copy: plugins that render a PDF (the help guide, the
 * bot summary) load it from here when they make one, so the server does not load it at start.
 */
export type PDFDocument = InstanceType<typeof PDFKit>;

export async function loadPdfKit(): Promise<typeof PDFKit> {
  return (await import('pdfkit')).default;
}
