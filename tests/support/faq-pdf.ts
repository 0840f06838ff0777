import PDFDocument from 'pdfkit';

/** The Q&A pairs the sample FAQ PDF holds (as the generator should find them). */
export const FAQ_PDF_PAIRS = [
  { question: 'How do I renew my passport?', answer: 'Apply online with your Singpass at least six months before your passport expires. The renewal takes about five working days, and you will get an email when the new passport is ready for collection at the service centre.' },
  { question: 'What documents do I need to bring?', answer: 'Your current passport and your identity card.' },
  { question: 'How much does a passport cost?', answer: 'An adult passport costs $70. A child passport costs $50.' },
  { question: 'Can I travel while my passport is being renewed?', answer: 'Yes, your old passport stays valid until you collect the new one.' },
  { question: 'Where do I collect my passport?', answer: 'At the Passport Service Centre, 10 Kallang Road, from 8am to 5pm on weekdays.' },
] as const;

/**
 * A sample government FAQ as a PDF (made with PDFKit, as a ministry's page "save as PDF" would look):
 * a title, an introduction, question headings set larger and bold with the answers under them (one
 * wrapping over two lines), a second page with a Q:/A: list, and page numbers in the footers.
 */
export function governmentFaqPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'Passport FAQ', Author: 'Immigration Authority' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const footer = (page: number) => {
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(9).text(String(page), 56, doc.page.height - 40, { align: 'center', width: doc.page.width - 112 });
    doc.page.margins.bottom = bottom;
  };
  doc.font('Helvetica-Bold').fontSize(22).text('Passports: frequently asked questions');
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(11).text('This page answers the questions citizens ask most about passports. It was last reviewed in November 2026.');
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(16).text('Renewing your passport');
  doc.moveDown(0.5);
  for (const pair of FAQ_PDF_PAIRS.slice(0, 3)) {
    doc.font('Helvetica-Bold').fontSize(13).text(pair.question);
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(11).text(pair.answer);
    doc.moveDown();
  }
  footer(1);
  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(16).text('Travelling and collection');
  doc.moveDown(0.5);
  for (const pair of FAQ_PDF_PAIRS.slice(3)) {
    doc.font('Helvetica').fontSize(11).text(`Q: ${pair.question}`);
    doc.text(`A: ${pair.answer}`);
    doc.moveDown();
  }
  doc.font('Helvetica-Bold').fontSize(16).text('Contact us');
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(11).text('Call 1800 123 4567 or write to passports@example.gov.sg.');
  footer(2);
  doc.end();
  return done;
}
