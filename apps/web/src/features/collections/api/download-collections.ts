import { useMutation } from '@tanstack/react-query';
import { apiBlob, errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** Spec §7: the export is saved under this name. */
export const COLLECTIONS_FILE_NAME = 'Collections Received.xlsx';

/** GET /api/collections/download needs the bearer token, so it is fetched as a file and then saved. */
export function useDownloadCollections() {
  return useMutation({
    mutationFn: () => apiBlob('/api/collections/download'),
    onSuccess: (file) => saveFile(file, COLLECTIONS_FILE_NAME),
    onError: (error) => notify.error(errorMessage(error)),
  });
}
