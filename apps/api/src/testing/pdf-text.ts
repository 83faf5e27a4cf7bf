import { inflateSync } from 'node:zlib';

/**
 * The text a PDF drawn by PDFKit shows, one string per text-showing operator, in drawing order: each content stream
 * inflated, the hex strings of its `TJ` arrays decoded (PDFKit writes the standard fonts' text as WinAnsi hex).
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const shown: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join('');
      shown.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return shown;
}
