import { waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * `enter(field, text)` for `user`: puts `text` into an empty field as a user pasting it would, a click, then one input
 * event. For a test whose subject is not the keystrokes (what is sent, what is shown after), since every keystroke
 * renders the whole form again (user.type's cost); a field whose behaviour is per keystroke (money, PIN and code boxes)
 * is typed.
 */
export function enterWith(user: UserEvent) {
  return async (field: HTMLElement, text: string) => {
    await user.click(field);
    await user.paste(text);
  };
}

/**
 * Waits until `dialog` holds the focus. A Mantine modal's focus trap takes the focus a moment after the modal opens, so
 * a paste into one of its fields before then would land on whatever the trap focuses.
 */
export async function modalFocused(dialog: HTMLElement) {
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
}
