import { Button, Group, RingProgress, Text } from '@mantine/core';
import { OTP_RESEND_COOLDOWN_MS } from '@sente/contracts/constants';
import { useEffect, useState } from 'react';

const remainingMs = (sentAt: number) => Math.max(0, sentAt + OTP_RESEND_COOLDOWN_MS - Date.now());

/**
 * The countdown ring of spec §2/§4: 50 seconds from the stored time the last code was sent;
 * when it ends a Resend button takes its place.
 */
export function CodeCountdown({ sentAt, onResend, resending }: { sentAt: number; onResend: () => void; resending: boolean }) {
  const [left, setLeft] = useState(() => remainingMs(sentAt));

  useEffect(() => {
    setLeft(remainingMs(sentAt));
    const timer = setInterval(() => setLeft(remainingMs(sentAt)), 250);
    return () => clearInterval(timer);
  }, [sentAt]);

  if (left === 0) {
    return (
      <Group justify="center">
        <Text size="sm" c="dimmed">
          Didn't get the code?
        </Text>
        <Button variant="subtle" onClick={onResend} loading={resending}>
          Resend
        </Button>
      </Group>
    );
  }
  const seconds = Math.ceil(left / 1000);
  return (
    <Group justify="center" gap="xs">
      <RingProgress
        size={56}
        thickness={5}
        roundCaps
        sections={[{ value: (left / OTP_RESEND_COOLDOWN_MS) * 100, color: 'sente' }]}
        label={
          <Text ta="center" size="xs" fw={700} aria-hidden>
            {seconds}
          </Text>
        }
      />
      <Text size="sm" c="dimmed" role="timer" aria-live="off">
        You can ask for a new code in {seconds} s
      </Text>
    </Group>
  );
}
