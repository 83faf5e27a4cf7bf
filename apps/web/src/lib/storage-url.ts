/** Uploaded files are served by the API under /storage (docs/features.md#collection-links says which are public). */
export function storageUrl(path: string): string {
  return `/storage/${path}`;
}
