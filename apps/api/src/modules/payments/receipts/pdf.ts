import { RECEIPT_PAGE as P, type ReceiptLayout } from '@sente/contracts/receipt-page';
import PDFDocument from 'pdfkit';
import type { ReceiptLines } from './lines.ts';

/** 80 mm in PDF points (72 to the inch): the width of a till roll. */
const SLIP_WIDTH = (80 / 25.4) * 72;

/**
 * The receipt as a PDF, in the layout asked for, drawn with PDFKit (pdfkit.org: `new PDFDocument({ size, margin })`,
 * `text(...)`, standard fonts). NOTE: the standard fonts hold Latin-1 only; a name in another script is printed as
 * PDFKit maps it, while the page itself shows it whole. The merchant's logo (PNG or JPEG bytes, logo.ts) heads it,
 * scaled to fit a small box as the page's does.
 */
export function receiptPdf(lines: ReceiptLines, layout: ReceiptLayout, logo?: Buffer): Promise<Buffer> {
  const slip = layout === 'slip';
  const margin = slip ? 8 : 56;
  // The logo's box in points, the page's 48 and 32 CSS pixels.
  const box = slip ? 24 : 36;
  const logoHeight = logo ? box + 8 : 0;
  // A till slip is as long as its lines (and its logo); each row takes two lines of its narrow column.
  const size: [number, number] | 'A4' = slip ? [SLIP_WIDTH, 150 + logoHeight + lines.rows.length * 34] : 'A4';
  const pdf = new PDFDocument({ size, margin, info: { Title: P.title(lines.merchant), Author: 'Sente' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const small = slip ? 8 : 10;
  if (logo) {
    pdf.image(logo, margin, margin, { fit: [box, box] });
    pdf.y = margin + logoHeight;
  }
  pdf
    .font('Helvetica-Bold')
    .fontSize(slip ? 11 : 18)
    .text(lines.merchant);
  pdf.font('Helvetica').fontSize(small).fillColor('#495057').text(P.heading);
  if (lines.test) pdf.moveDown(0.5).fillColor('#b00020').font('Helvetica-Bold').text(P.testMode);
  pdf
    .moveDown(0.5)
    .fillColor('#1a1b1e')
    .font('Helvetica-Bold')
    .fontSize(slip ? 14 : 24)
    .text(lines.amount);
  pdf.moveDown(0.5);
  for (const [label, value] of lines.rows) {
    if (slip) {
      pdf.font('Helvetica-Bold').fontSize(small).text(label);
      pdf.font('Helvetica').text(value).moveDown(0.3);
    } else {
      const y = pdf.y;
      pdf.font('Helvetica-Bold').fontSize(small).text(label, margin, y, { width: 170 });
      const labelEnd = pdf.y;
      pdf.font('Helvetica').text(value, margin + 180, y, { width: pdf.page.width - margin * 2 - 180 });
      pdf.x = margin;
      pdf.y = Math.max(labelEnd, pdf.y) + 6;
    }
  }
  pdf.moveDown(0.5).font('Helvetica').fontSize(small).fillColor('#495057').text(P.keep, margin);
  pdf.end();
  return done;
}
