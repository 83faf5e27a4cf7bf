import { Button, Text } from '@mantine/core';
import { OTP_RESEND_COOLDOWN_MS } from '@sente/contracts/constants';
import { useEffect, useState } from 'react';

const secondsLeft = (sentAt: number) => Math.max(0, Math.ceil((sentAt + OTP_RESEND_COOLDOWN_MS - Date.now()) / 1000));

/** A new code no sooner than 50 s after the last; until then the wait is shown instead of the button. */
export function ResendCode({ sentAt, sending, onResend }: { sentAt: number; sending: boolean; onResend: () => void }) {
  const [left, setLeft] = useState(() => secondsLeft(sentAt));
  useEffect(() => {
    setLeft(secondsLeft(sentAt));
    const timer = setInterval(() => setLeft(secondsLeft(sentAt)), 500);
    return () => clearInterval(timer);
  }, [sentAt]);
  if (left > 0) {
    return (
      <Text size="sm" c="gray.7" role="timer" aria-live="off">
        You can ask for a new code in {left} s
      </Text>
    );
  }
  return (
    <Button variant="subtle" size="compact-sm" onClick={onResend} loading={sending}>
      Send a new code
    </Button>
  );
}
