import { FILE_MESSAGES } from '@sente/contracts/files';
import sharp from 'sharp';
import { badRequest } from '../../lib/http-error.ts';
import type { SniffedType } from './file-types.ts';

/** What sharp decodes; an SVG is drawn at any size by the browser and is stored as it came. */
const RASTER_EXTENSIONS = new Set(['jpg', 'png', 'gif', 'webp', 'avif']);
/** A 48-megapixel phone photo fits; a decompression bomb (a few kilobytes that unpack to gigabytes) does not. */
const MAX_INPUT_PIXELS = 50_000_000;
const WEBP = { ext: 'webp', mime: 'image/webp', executable: false } as const satisfies SniffedType;

// NOTE: libvips' cache keeps decoded images for reuse; an upload is never read twice.
sharp.cache(false);

export type ShrunkImage = { bytes: Buffer; type: SniffedType };

/**
 * A raster image as payers should download it (decision 060): turned upright, at most `maxSide` pixels on its longer
 * side (never enlarged), re-encoded as WebP (transparency and animation kept) and without its metadata (EXIF, GPS,
 * camera); an SVG comes back as it is. Bytes that do not decode as the image they claim to be are refused.
 */
export async function shrinkImage(bytes: Buffer, type: SniffedType, maxSide: number): Promise<ShrunkImage> {
  if (!RASTER_EXTENSIONS.has(type.ext)) return { bytes, type };
  try {
    const shrunk = await sharp(bytes, { animated: true, limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { bytes: shrunk, type: WEBP };
  } catch (error) {
    const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
    throw badRequest(tooLarge ? FILE_MESSAGES.imageTooManyPixels : FILE_MESSAGES.imageUnreadable);
  }
}
