import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { apiBlob, errorMessage } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';

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

type Props = { path: string; fileName: string; label?: string; variant?: ButtonProps['variant'] };

/**
 * The Download button: the export needs the bearer token, so it is fetched as a file and then saved under the
 * name the page gives it ('Collections Received.xlsx', 'Transfers.xlsx'). `label` words another file (a template).
 */
export function DownloadButton({ path, fileName, label = 'Download', variant = 'default' }: Props) {
  const download = useMutation({
    mutationFn: () => apiBlob(path),
    onSuccess: (file) => saveFile(file, fileName),
    onError: (error) => notify.error(errorMessage(error)),
  });
  return (
    <Button
      variant={variant}
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={download.isPending}
      onClick={() => download.mutate()}
    >
      {label}
    </Button>
  );
}
