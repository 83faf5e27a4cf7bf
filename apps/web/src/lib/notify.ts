import { notifications } from '@mantine/notifications';

/** Toasts: top-right, closing after 5000 ms (set once on <Notifications />). */
const closeButtonProps = { 'aria-label': 'Close notification' };

export const notify = {
  success: (message: string) => notifications.show({ message, color: 'teal', closeButtonProps }),
  error: (message: string) => notifications.show({ message, color: 'red', closeButtonProps }),
  info: (message: string) => notifications.show({ message, color: 'blue', closeButtonProps }),
  /** Removes every toast, so a new round of errors does not pile onto the last. */
  clear: () => notifications.clean(),
  /** Sign-up errors are the one place toasts sit bottom-left. */
  signUpError: (message: string) => notifications.show({ message, color: 'red', position: 'bottom-left', closeButtonProps }),
};
