import { fileTypeFromBuffer } from 'file-type';

/** A type read from the bytes themselves; the client's file name and declared type are never trusted. */
export type SniffedType = { ext: string; mime: string; executable: boolean };

/** Programs and installers that run or install when opened (file-type's names). MSI is found below. */
const EXECUTABLE_EXTENSIONS = new Set([
  'exe', // MZ: .exe, .dll, .sys, .scr, .com (PE)
  'elf',
  'macho',
  'class',
  'jar',
  'apk',
  'deb',
  'rpm',
  'dmg',
  'crx',
  'xpi',
  'lnk',
  'reg',
  'swf',
]);

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const HEAD_BYTES = 4096;

function withoutBom(bytes: Uint8Array): Uint8Array {
  return UTF8_BOM.every((byte, i) => bytes[i] === byte) ? bytes.subarray(3) : bytes;
}

function headText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(withoutBom(bytes).subarray(0, HEAD_BYTES));
}

/** SVG by content: optional XML prolog, comments and doctype, then an `<svg` element. */
const SVG_START = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>/]/i;

export function isSvg(bytes: Uint8Array): boolean {
  return SVG_START.test(headText(bytes));
}

/** A script the system would run: `#!` at the very start (after a UTF-8 byte order mark, which some editors add). */
function isShebangScript(bytes: Uint8Array): boolean {
  const body = withoutBom(bytes);
  return body[0] === 0x23 && body[1] === 0x21;
}

/**
 * Windows Installer files are OLE compound files (file-type's `cfb`, like old Office documents) whose root
 * entry carries the class id {000C1084-0000-0000-C000-000000000046} (patches: ...1086, transforms: ...1082).
 */
const MSI_CLASS_ID_TAIL = Buffer.from([0x10, 0x0c, 0x00, 0x00, 0x00, 0x00, 0x00, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x46]);

function isWindowsInstaller(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = buffer.indexOf(MSI_CLASS_ID_TAIL, 1); at > 0; at = buffer.indexOf(MSI_CLASS_ID_TAIL, at + 1)) {
    if ([0x82, 0x84, 0x86].includes(buffer[at - 1] ?? 0)) return true;
  }
  return false;
}

/** Plain text: valid UTF-8 without NUL bytes in its first few kilobytes. */
function isText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, HEAD_BYTES);
  if (head.includes(0)) return false;
  try {
    // A multi-byte character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

export async function sniffFileType(bytes: Uint8Array): Promise<SniffedType> {
  if (isShebangScript(bytes)) return { ext: 'sh', mime: 'text/x-shellscript', executable: true };
  const detected = await fileTypeFromBuffer(bytes);
  if ((!detected || detected.ext === 'xml') && isSvg(bytes)) return { ext: 'svg', mime: 'image/svg+xml', executable: false };
  if (detected) {
    const executable = EXECUTABLE_EXTENSIONS.has(detected.ext) || (detected.ext === 'cfb' && isWindowsInstaller(bytes));
    // NOTE: file-type also knows `tar.gz`; storage paths keep one dot, so it is stored as .tgz.
    return { ext: detected.ext.toLowerCase().replace('tar.gz', 'tgz'), mime: detected.mime, executable };
  }
  if (isText(bytes)) return { ext: 'txt', mime: 'text/plain; charset=utf-8', executable: false };
  return { ext: 'bin', mime: 'application/octet-stream', executable: false };
}
