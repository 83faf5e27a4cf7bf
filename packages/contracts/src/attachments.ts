/**
 * Attachments of a payment link (decision 034): files the merchant uploads (a price list, a menu, a school circular) that
 * the pay page lists for the payer to open. No zod here, so the lean customer pages can import it: the answers'
 * schemas are in links.ts and payments-answers.ts.
 */
import type { z } from 'zod';
import type { linkAttachment } from './links.ts';
import type { publicAttachment } from './payments-answers.ts';

/** The most files one link carries. */
export const MAX_LINK_ATTACHMENTS = 5;

/** What an attachment may be, read from its bytes: a PDF or an image of the image upload's types. */
export const ATTACHMENT_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'gif', 'svg', 'webp', 'avif'] as const;

/** The picker's filter; the server reads the type from the bytes again. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export type LinkAttachment = z.output<typeof linkAttachment>;
export type PublicAttachment = z.output<typeof publicAttachment>;

/** A file's size as people read it: `820 B`, `14 KB`, `1.2 MB` (1 KB = 1024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kilobytes = bytes / 1024;
  if (kilobytes < 1024) return `${Math.round(kilobytes)} KB`;
  return `${(kilobytes / 1024).toFixed(1)} MB`;
}
