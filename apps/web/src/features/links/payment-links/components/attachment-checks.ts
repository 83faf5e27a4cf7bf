import { ATTACHMENT_EXTENSIONS } from '@sente/contracts/attachments';
import { FILE_MESSAGES, formatMegabytes, UPLOAD_MAX_BYTES } from '@sente/contracts/files';

const extensionOf = (name: string) => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');

/** Checked before the file leaves the browser; the server reads the type from the bytes again. */
export function checkAttachment(file: File): string | null {
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return FILE_MESSAGES.attachmentTypes;
  if (file.size > UPLOAD_MAX_BYTES.attachments) return FILE_MESSAGES.attachmentTooLarge(formatMegabytes(file.size));
  return null;
}
