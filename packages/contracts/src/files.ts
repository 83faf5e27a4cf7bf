import { z } from 'zod';
import { storagePath } from './links.ts';

/**
 * Folders of POST /api/files/upload (the first three are the original ones; products hold digital item files,
 * attachments the files a payment link offers its payers).
 */
export const UPLOAD_FOLDERS = ['uploads', 'companylogos', 'certificates', 'products', 'attachments'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];
export const DEFAULT_UPLOAD_FOLDER: UploadFolder = 'uploads';

const MEGABYTE = 1_048_576;

/** Largest file per folder (product file 5MB = 5242880 bytes, compliance hint 10MB); images follow the product limit. */
export const UPLOAD_MAX_BYTES: Record<UploadFolder, number> = {
  uploads: 5 * MEGABYTE,
  companylogos: 5 * MEGABYTE,
  certificates: 10 * MEGABYTE,
  products: 5 * MEGABYTE,
  attachments: 5 * MEGABYTE,
};

/** Said under an image upload before a file is chosen: the types it takes and its folder's limit. */
export const imageUploadHint = (folder: 'uploads' | 'companylogos') =>
  `PNG, JPG, GIF, WebP, AVIF or SVG, up to ${UPLOAD_MAX_BYTES[folder] / MEGABYTE} MB.`;

/** The size the spec's message shows: megabytes of 1048576 bytes, two decimals. */
export function formatMegabytes(bytes: number): string {
  return (bytes / MEGABYTE).toFixed(2);
}

/** Messages of uploads and stored files that the spec does not give (its own are in LINK_MESSAGES). */
export const FILE_MESSAGES = {
  folderInvalid: `Choose an upload folder: ${UPLOAD_FOLDERS.join(', ')}`,
  certificateTypes: 'Only PNG, JPG or PDF files are allowed.',
  imageTooLarge: (megabytes: string) => `File size (${megabytes} MB) exceeds the 5MB limit for images.`,
  certificateTooLarge: (megabytes: string) => `File size (${megabytes} MB) exceeds the 10MB limit.`,
  attachmentTypes: 'Attach a PDF or an image (jpg, png, gif, svg, webp, avif).',
  attachmentTooLarge: (megabytes: string) => `File size (${megabytes} MB) exceeds the 5MB limit for attachments.`,
  uploadTooLarge: (megabytes: string) => `File size (${megabytes} MB) exceeds the 10MB upload limit.`,
  productExecutable:
    'Programs, installers and scripts cannot be sold as a product file. Put them in a ZIP file if you sell software.',
  fileNotFound: 'File not found',
  linkExpired: 'This file link has expired or is not valid. Open the file again from the dashboard.',
  imageUnreadable: 'This image could not be read. Save it again as a PNG or JPG file and upload that.',
  imageTooManyPixels: 'This image has more than 50 megapixels. Make it smaller and upload it again.',
  logoMissing: 'Upload a logo first',
  logoNotUploaded: 'Upload the logo again: that file is not a company logo of this account',
} as const;

/** POST /api/sente-account/update-logo: a path answered by an upload to companylogos. */
export const updateLogoInput = z.object({
  company_logo: z.string({ error: FILE_MESSAGES.logoMissing }).trim().min(1, FILE_MESSAGES.logoMissing).pipe(storagePath),
});

/** GET /api/files/signed-url?path= */
export const signedUrlQuery = z.object({
  path: z.string({ error: FILE_MESSAGES.fileNotFound }).pipe(storagePath),
});

/** A link to a stored file: public files need no signature; members-only files expire (expires_at). */
export const fileUrl = z.object({ url: z.string(), expires_at: z.string().nullable() });
export type FileUrl = z.output<typeof fileUrl>;

/**
 * POST /api/files/upload's multipart/form-data body: `file` and, optionally, `folder` (UPLOAD_FOLDERS, uploads when
 * absent). The handler reads the parts as they stream, checking each against its folder's rules, so the validator
 * never sees them.
 */
export const uploadForm = z.unknown().describe('multipart/form-data: file, and folder (optional)');

/**
 * ?expires=&signature= of a signed file link (GET /storage/*, a digital item's download). A repeated or unreadable
 * one reads as absent: the link is then not valid, which the route answers as it answers any invalid link.
 */
export const signedFileQuery = z.object({
  expires: z.string().optional().catch(undefined),
  signature: z.string().optional().catch(undefined),
});
