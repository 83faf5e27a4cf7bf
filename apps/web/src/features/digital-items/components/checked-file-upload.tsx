import { LINK_MESSAGES } from '@sente/contracts/messages';
import type { ComponentProps, FormEvent } from 'react';
import { FileUpload } from '../../../components/file-upload.tsx';
import { notify } from '../../../lib/notify.ts';

type Props = ComponentProps<typeof FileUpload> & {
  /** A message when the file must not be sent, else null. */
  check: (file: File) => string | null;
};

/**
 * The shared FileUpload with a check before anything is sent (spec §5: image types, the 5MB product
 * file). NOTE: FileUpload uploads as soon as a file is chosen and takes no check, so this catches the
 * hidden file input's change event in the capture phase, before FileUpload sees it, and stops a
 * refused file there.
 */
export function CheckedFileUpload({ check, ...props }: Props) {
  const onChangeCapture = (event: FormEvent<HTMLDivElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== 'file') return;
    const file = input.files?.[0];
    if (!file) return;
    let problem: string | null;
    try {
      problem = check(file);
    } catch {
      problem = LINK_MESSAGES.couldNotValidateFile;
    }
    if (!problem) return;
    event.stopPropagation();
    // Cleared, so choosing the same file again after fixing it still counts as a change.
    input.value = '';
    notify.error(problem);
  };

  return (
    <div onChangeCapture={onChangeCapture}>
      <FileUpload {...props} />
    </div>
  );
}
