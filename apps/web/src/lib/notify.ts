import { notifications } from '@mantine/notifications';

/** Toasts of spec §8: top-right, closing after 5000 ms (set once on <Notifications />). */
export const notify = {
  success: (message: string) => notifications.show({ message, color: 'teal' }),
  error: (message: string) => notifications.show({ message, color: 'red' }),
  info: (message: string) => notifications.show({ message, color: 'blue' }),
  /** Sign-up errors are the one place toasts sit bottom-left. */
  signUpError: (message: string) => notifications.show({ message, color: 'red', position: 'bottom-left' }),
};
