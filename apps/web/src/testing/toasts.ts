import type { NotificationsProps } from '@mantine/notifications';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

type Position = NonNullable<NotificationsProps['position']>;

/** The messages of the toasts now shown, optionally only those at one corner, trimmed (one spec message ends in a space). */
export function toastMessages(position?: Position): string[] {
  const scope = position ? `[data-position="${position}"] ` : '';
  return [...document.querySelectorAll(`${scope}.mantine-Notification-description`)].map(
    (node) => node.textContent?.trim() ?? '',
  );
}

/** Waits for a toast with this message (at this corner, when given). */
export async function expectToast(message: string, position?: Position) {
  await waitFor(() => expect(toastMessages(position)).toContain(message.trim()));
}
