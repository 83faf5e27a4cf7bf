import type { TestApp } from './test-app.ts';
import { bearer } from './users.ts';

/** Tiny files of each kind the tests need: real magic bytes, whatever name they travel under. */
export const SAMPLES = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
  // A 2x2 blue JPEG: image folders decode what they store (shrink-image.ts).
  jpg: Buffer.from(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMo' +
      'GhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAA' +
      'AAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQj/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEA' +
      'PwCewFIh3//Z',
    'base64',
  ),
  svg: Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1">' +
      '<script>alert(document.cookie)</script><rect width="1" height="1"/></svg>\n',
  ),
  // A 2x2 AVIF: an ISO-BMFF `ftyp` box of major brand avif, then the image.
  avif: Buffer.from(
    'AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAACJpbG9jAAAAAERA' +
      'AAEAAQAAAAAA+gABAAAAAAAAACQAAAAjaWluZgAAAAAAAQAAABVpbmZlAgAAAAABAABhdjAxAAAAAA5waXRtAAAAAAABAAAAVmlwcnAAAAA4aXBjbwAA' +
      'AAxhdjFDgSACAAAAABRpc3BlAAAAAAAAAAIAAAACAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAAsbWRhdBIACgc4ADaQENBp' +
      'MhcZQmMEwAA0AATFtc4qV7RZbRu5pph9Wg==',
    'base64',
  ),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  text: Buffer.from('Chapter 1\nIt was a bright cold day in April.\n'),
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
  shellScript: Buffer.from('#!/bin/sh\nrm -rf "$HOME"\n'),
};

/** A PDF of exactly `size` bytes. */
export function pdfOfSize(size: number): Buffer {
  const file = Buffer.alloc(size, 0x20);
  SAMPLES.pdf.copy(file);
  return file;
}

export type Part = string | { bytes: Uint8Array; name: string; type?: string };

/** A multipart body as a browser's FormData sends it, fields in the given order. */
export async function multipartBody(parts: [string, Part][]) {
  const form = new FormData();
  for (const [name, part] of parts) {
    if (typeof part === 'string') form.append(name, part);
    else form.append(name, new Blob([new Uint8Array(part.bytes)], { type: part.type ?? 'application/octet-stream' }), part.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** POST /api/files/upload with `folder` first (as the web app sends it), or after the file. */
export async function upload(
  t: TestApp,
  accessToken: string,
  file: { bytes: Uint8Array; name: string; type?: string },
  folder?: string,
  order: 'folder-first' | 'file-first' = 'folder-first',
) {
  const parts: [string, Part][] = [['file', file]];
  if (folder !== undefined) parts[order === 'folder-first' ? 'unshift' : 'push'](['folder', folder]);
  const body = await multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(accessToken) },
  });
}

/** Uploads and answers the storage path, failing loudly otherwise. */
export async function uploadPath(t: TestApp, accessToken: string, file: { bytes: Uint8Array; name: string }, folder: string) {
  const res = await upload(t, accessToken, file, folder);
  if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  return res.json().data as string;
}
