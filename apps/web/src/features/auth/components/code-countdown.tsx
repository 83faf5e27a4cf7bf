import { Box, Button, Group, Text } from '@mantine/core';
import { OTP_RESEND_COOLDOWN_MS } from '@sente/contracts/constants';
import { useEffect, useState } from 'react';
import classes from './code-countdown.module.css';

const remainingMs = (sentAt: number) => Math.max(0, sentAt + OTP_RESEND_COOLDOWN_MS - Date.now());

/**
 * The countdown ring of the code steps: 50 seconds from the stored time the last code was sent;
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
      <CountdownRing fraction={left / OTP_RESEND_COOLDOWN_MS} label={seconds} />
      <Text size="sm" c="dimmed" role="timer" aria-live="off">
        You can ask for a new code in {seconds} s
      </Text>
    </Group>
  );
}

const RADIUS = 24;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * A plain SVG ring: Mantine's RingProgress brings its tooltip machinery (floating-ui, ~19 KB gzip)
 * into the sign-in page, which must stay light on a slow connection.
 */
function CountdownRing({ fraction, label }: { fraction: number; label: number }) {
  return (
    <Box pos="relative" w={56} h={56} aria-hidden>
      <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true">
        <circle cx="28" cy="28" r={RADIUS} fill="none" stroke="var(--mantine-color-gray-2)" strokeWidth="5" />
        <circle
          cx="28"
          cy="28"
          r={RADIUS}
          fill="none"
          stroke="var(--mantine-color-sente-7)"
          strokeWidth="5"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - fraction)}
          transform="rotate(-90 28 28)"
        />
      </svg>
      <Text pos="absolute" inset={0} size="xs" fw={700} className={classes.centred}>
        {label}
      </Text>
    </Box>
  );
}
