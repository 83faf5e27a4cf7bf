import { ATTACHMENT_EXTENSIONS } from '@sente/contracts/attachments';
import { FILE_MESSAGES, formatMegabytes, UPLOAD_FOLDERS, UPLOAD_MAX_BYTES, type UploadFolder } from '@sente/contracts/files';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import type { SniffedType } from './file-types.ts';
import type { FileVisibility } from './tables.ts';

type FolderRule = {
  /** public: anyone at /storage; members: signed URLs for the account; private: never under /storage. */
  visibility: FileVisibility;
  maxBytes: number;
  accepts: (type: SniffedType) => boolean;
  wrongTypeMessage: string;
  tooLargeMessage: (megabytes: string) => string;
  /** Images only: the longer side they are stored at, twice the largest they are shown (decision 060). */
  maxImageSide?: number;
};

/**
 * An image upload: jpg, jpeg, png, gif, svg, webp, avif, each read from the bytes (an AVIF is an ISO-BMFF `ftyp`
 * box of brand avif or avis). An SVG may carry a script: it is only shown through <img>, where none runs, and /storage
 * serves it sandboxed (STORAGE_CSP), so opening it directly runs none either (decision 034).
 */
const IMAGE_EXTENSIONS = new Set(['jpg', 'png', 'gif', 'svg', 'webp', 'avif']);
/** Certificates and compliance documents, as the Business Details page's hint says: PNG, JPG, PDF. */
const CERTIFICATE_EXTENSIONS = new Set(['png', 'jpg', 'pdf']);

const imageRule: FolderRule = {
  visibility: 'public',
  maxBytes: UPLOAD_MAX_BYTES.uploads,
  accepts: (type) => IMAGE_EXTENSIONS.has(type.ext),
  wrongTypeMessage: LINK_MESSAGES.imageUploadTypes,
  tooLargeMessage: FILE_MESSAGES.imageTooLarge,
  // Link and product images: a donation page's or checkout page's full-width picture.
  maxImageSide: 1200,
};

export const FOLDER_RULES: Record<UploadFolder, FolderRule> = {
  uploads: imageRule,
  // A logo is shown at most 96 px tall (the dashboard's preview); the pay page's is a 40 px circle.
  companylogos: { ...imageRule, maxBytes: UPLOAD_MAX_BYTES.companylogos, maxImageSide: 256 },
  certificates: {
    visibility: 'members',
    maxBytes: UPLOAD_MAX_BYTES.certificates,
    accepts: (type) => CERTIFICATE_EXTENSIONS.has(type.ext),
    wrongTypeMessage: FILE_MESSAGES.certificateTypes,
    tooLargeMessage: FILE_MESSAGES.certificateTooLarge,
  },
  // Digital item files: anything a buyer may download, except what would run when opened.
  products: {
    visibility: 'private',
    maxBytes: UPLOAD_MAX_BYTES.products,
    accepts: (type) => !type.executable,
    wrongTypeMessage: FILE_MESSAGES.productExecutable,
    tooLargeMessage: LINK_MESSAGES.productFileTooLarge,
  },
  // Payment link attachments: served only through their link's public route while attached (decision 034).
  attachments: {
    visibility: 'private',
    maxBytes: UPLOAD_MAX_BYTES.attachments,
    accepts: (type) => (ATTACHMENT_EXTENSIONS as readonly string[]).includes(type.ext),
    wrongTypeMessage: FILE_MESSAGES.attachmentTypes,
    tooLargeMessage: FILE_MESSAGES.attachmentTooLarge,
  },
};

/** The largest file any folder takes: the cap while the folder is not known yet. */
export const LARGEST_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_MAX_BYTES));

export function isUploadFolder(value: string): value is UploadFolder {
  return (UPLOAD_FOLDERS as readonly string[]).includes(value);
}

/** The refusal for a file over the folder's limit; without a folder (not read yet), the largest limit's. */
export function tooLargeMessage(folder: UploadFolder | undefined, bytes: number): string {
  const megabytes = formatMegabytes(bytes);
  return folder ? FOLDER_RULES[folder].tooLargeMessage(megabytes) : FILE_MESSAGES.uploadTooLarge(megabytes);
}
