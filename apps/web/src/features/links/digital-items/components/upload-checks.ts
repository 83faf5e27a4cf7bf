import { FILE_MESSAGES, formatMegabytes, UPLOAD_MAX_BYTES } from '@sente/contracts/files';
import { DIGITAL_ITEM_IMAGE_EXTENSIONS } from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';

/** The image types an upload takes ('Only image files (jpg, jpeg, png, gif,svg, webp, avif) are allowed.'). */
const IMAGE_UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'svg', 'webp', 'avif'];

/**
 * What the image picker offers: the types both the upload and the save take (since decision 034 the save takes svg and
 * avif too, so only bmp, which the upload refuses, is left out).
 */
export const IMAGE_ACCEPT = DIGITAL_ITEM_IMAGE_EXTENSIONS.filter((ext) => IMAGE_UPLOAD_EXTENSIONS.includes(ext))
  .map((ext) => `.${ext}`)
  .join(',');

const extensionOf = (name: string) => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');

/** Checked before the image leaves the browser; the server checks the bytes again. */
export function checkImage(file: File): string | null {
  if (!IMAGE_UPLOAD_EXTENSIONS.includes(extensionOf(file.name))) return LINK_MESSAGES.imageUploadTypes;
  if (file.size > UPLOAD_MAX_BYTES.uploads) return FILE_MESSAGES.imageTooLarge(formatMegabytes(file.size));
  return null;
}

/** A product file is at most 5MB (5242880 bytes); the server refuses larger ones and programs too. */
export function checkProductFile(file: File): string | null {
  if (file.size > UPLOAD_MAX_BYTES.products) return LINK_MESSAGES.productFileTooLarge(formatMegabytes(file.size));
  return null;
}
