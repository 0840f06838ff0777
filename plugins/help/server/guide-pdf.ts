import { loadPdfKit, type PDFDocument } from '@civic/sdk/server/pdf';
import type { Guide, GuideBlock } from '../common/guide-model';

type Doc = PDFDocument;

const MARGIN = 56;
const BODY = 11;
const INK = '#1c2127';
const MUTED = '#5f6b7c';
const ACCENT = '#215db0';

/** The standard PDF fonts speak WinAnsi only: characters outside it are spelled in ASCII. */
function pdfText(text: string): string {
  return text.replace(/→/g, '>').replace(/[^\u0000-\u00ff‘’“”–—…•€]/g, '?');
}

/**
 * The guide as a PDF (A4): a title page with a linked table of contents, one heading per section
 * and topic, bookmarks (the outline) for every heading, and page numbers. Pure function of `guide`.
 */
export async function renderGuidePdf(guide: Guide, builtAt: Date): Promise<Buffer> {
  const PDFKit = await loadPdfKit();
  const doc: Doc = new PDFKit({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: 'en-SG',
    displayTitle: true,
    pdfVersion: '1.7',
    info: { Title: guide.title, Subject: guide.subtitle, Author: 'Civic Console', CreationDate: builtAt, ModDate: builtAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(24).text(pdfText(guide.title));
  doc.moveDown(0.3).font('Helvetica').fontSize(13).fillColor(MUTED).text(pdfText(guide.subtitle));
  doc.moveDown(1.5).fillColor(INK).font('Helvetica-Bold').fontSize(14).text('Contents');
  doc.moveDown(0.4);
  guide.sections.forEach((section, index) => {
    doc.font('Helvetica').fontSize(BODY + 1).fillColor(ACCENT).text(`${index + 1}. ${pdfText(section.title)}`, { goTo: section.id, underline: false });
    for (const topic of section.topics) {
      doc.fontSize(BODY).fillColor(MUTED).text(pdfText(topic.title), { indent: 18, goTo: `${section.id}-${topic.id}` });
    }
    doc.moveDown(0.3);
  });

  guide.sections.forEach((section, index) => {
    doc.addPage();
    doc.addNamedDestination(section.id);
    const outline = doc.outline.addItem(`${index + 1}. ${section.title}`);
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(`${index + 1}. ${pdfText(section.title)}`);
    doc.moveDown(0.3).font('Helvetica-Oblique').fontSize(BODY).fillColor(MUTED).text(pdfText(section.intro));
    for (const topic of section.topics) {
      if (doc.y > doc.page.height - MARGIN - 120) doc.addPage();
      doc.moveDown(0.9);
      doc.addNamedDestination(`${section.id}-${topic.id}`);
      outline.addItem(topic.title);
      doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(pdfText(topic.title));
      doc.moveDown(0.3);
      for (const block of topic.blocks) renderBlock(doc, block);
    }
  });

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`${pdfText(guide.title)} - page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN / 2 - 9, {
      width: doc.page.width - 2 * MARGIN,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

function renderBlock(doc: Doc, block: GuideBlock): void {
  doc.fillColor(INK).font('Helvetica').fontSize(BODY);
  switch (block.kind) {
    case 'paragraph':
      doc.text(pdfText(block.text), { lineGap: 2 });
      break;
    case 'list':
      doc.list(block.items.map(pdfText), { bulletRadius: 2, textIndent: 14, lineGap: 2 });
      break;
    case 'steps':
      doc.list(block.items.map(pdfText), { listType: 'numbered', textIndent: 16, lineGap: 2 });
      break;
    case 'tip':
      doc.font('Helvetica-Bold').text('Tip: ', { continued: true, lineGap: 2 }).font('Helvetica').text(pdfText(block.text));
      break;
    case 'terms':
      for (const { term, meaning } of block.items) {
        doc.font('Helvetica-Bold').text(`${pdfText(term)}: `, { continued: true, lineGap: 2 }).font('Helvetica').text(pdfText(meaning));
      }
      break;
  }
  doc.moveDown(0.5);
}
