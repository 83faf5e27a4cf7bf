import jsQR from 'jsqr';
import sharp from 'sharp';

/** The text of the QR code in a PNG, read from its pixels as a phone's camera would. */
export async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}
