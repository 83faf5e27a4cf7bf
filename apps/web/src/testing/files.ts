import { screen } from '@testing-library/react';

/**
 * The hidden file input of the upload field labelled `label` (components/file-upload.tsx): the input
 * beside its 'Choose file' button, which a person reaches through that button.
 */
export function fileInputOf(label: string): HTMLInputElement {
  const button = screen.getByRole('button', { name: `${label} Choose file` });
  const input = button.parentElement?.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error(`No file input beside '${label}'`);
  return input;
}

/** A file of `bytes` bytes, as a picker hands it over. */
export const fileOf = (name: string, type: string, bytes = 64) => new File([new Uint8Array(bytes)], name, { type });

/** The name of the file an upload request carried (a FormData body, see lib/upload-file.ts). */
export function uploadedName(body: unknown): string | null {
  const file = body instanceof FormData ? body.get('file') : null;
  return file instanceof File ? file.name : null;
}

/** The storage folder an upload request asked for. */
export function uploadedFolder(body: unknown): string | null {
  const folder = body instanceof FormData ? body.get('folder') : null;
  return typeof folder === 'string' ? folder : null;
}
