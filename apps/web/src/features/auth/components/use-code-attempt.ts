import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { codeError } from './use-code-sent.ts';

/**
 * The boxes of a one-time code and its one attempt: the sixth digit and Verify share the attempt in flight,
 * a code once sent is not sent again while it stands (an accepted one leaves the page), and a refused code says so
 * once, empties the boxes and puts the focus back in the first, so the next attempt is a code typed afresh; that attempt
 * dismisses the refusal.
 */
export function useCodeAttempt(send: (code: string) => Promise<unknown>) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // NOTE: a ref, not state: the sixth digit and a click in the same tick must both see the attempt begun.
  const sent = useRef<string | null>(null);
  const firstBox = useRef<HTMLInputElement>(null);

  const attempt = async (value: string) => {
    if (sent.current !== null) return;
    const invalid = codeError(value);
    setError(invalid);
    if (invalid) return;
    sent.current = value;
    // A new attempt dismisses the last one's refusal, which would otherwise stay over the next page.
    notify.clear();
    try {
      await send(value);
    } catch (refusal) {
      notify.error(errorMessage(refusal));
      sent.current = null;
      setCode('');
      firstBox.current?.focus();
    }
  };

  return { code, setCode, error, attempt, firstBox };
}
