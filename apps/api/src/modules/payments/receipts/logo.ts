import sharp from 'sharp';
import type { FilesService } from '../../files/service.ts';

/** What PDFKit draws as it is. */
const EMBEDDABLE = new Set(['image/png', 'image/jpeg']);

/**
 * The account's logo as PNG or JPEG bytes for the receipt PDF, or undefined when it cannot be drawn there. Only a file
 * of the payment's own account in the company-logo folder is read (openPrivate checks both), so a logo path that
 * points at another account's file prints nothing. Logos uploaded since decision 060 are stored as WebP, which PDFKit
 * cannot draw: they are turned into PNG. Any other format (an SVG) and a missing file are left off quietly, as the
 * receipt is whole without its logo.
 */
export async function logoForPdf(files: FilesService, accountId: string, path: string | null): Promise<Buffer | undefined> {
  if (!path) return undefined;
  try {
    const file = await files.openPrivate(path, accountId, 'companylogos');
    const bytes = Buffer.concat(await file.stream.toArray());
    if (EMBEDDABLE.has(file.mimeType)) return bytes;
    if (file.mimeType === 'image/webp') return await sharp(bytes).png().toBuffer();
    return undefined;
  } catch {
    return undefined;
  }
}
