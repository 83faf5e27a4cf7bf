/** Uploaded files are served by the API under /storage (DESIGN §1). */
export function storageUrl(path: string): string {
  return `/storage/${path}`;
}
