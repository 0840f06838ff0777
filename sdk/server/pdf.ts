/**
 * PDFKit (server side only), the console's one copy: plugins that render a PDF (the help guide)
 * import it from here. Its own file, so modules that do not make PDFs never load it.
 */
export { default as PDFDocument } from 'pdfkit';
