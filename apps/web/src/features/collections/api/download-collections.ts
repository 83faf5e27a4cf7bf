import { useMutation } from '@tanstack/react-query';
import { apiBlob, errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';

/** Spec §7: the export is saved under this name. */
export const COLLECTIONS_FILE_NAME = 'Collections Received.xlsx';

/** Hands a downloaded file to the browser's save, as a link with `download` would. */
function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser reads the file after the click returns; a minute is ample before letting it go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** GET /api/collections/download needs the bearer token, so it is fetched as a file and then saved. */
export function useDownloadCollections() {
  return useMutation({
    mutationFn: () => apiBlob('/api/collections/download'),
    onSuccess: (file) => saveFile(file, COLLECTIONS_FILE_NAME),
    onError: (error) => notify.error(errorMessage(error)),
  });
}
