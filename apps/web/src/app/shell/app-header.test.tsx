import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../testing/render.tsx';
import { testUser } from '../../testing/test-user.ts';
import { AppHeader } from './app-header.tsx';

describe('the header’s profile button', () => {
  it('is named with the initials it shows, so its name holds its visible text (axe label-content-name-mismatch)', async () => {
    const onOpenProfile = vi.fn();
    const { user } = render(
      <AppHeader user={testUser()} navOpened={false} onToggleNav={vi.fn()} onOpenProfile={onOpenProfile} modeToggle={null} />,
    );
    const button = screen.getByRole('button', { name: 'AN, open profile menu' });
    expect(button).toHaveTextContent(/^AN$/);
    await user.click(button);
    expect(onOpenProfile).toHaveBeenCalledOnce();
  });
});

describe("the header's account", () => {
  it('names the account in plain text, not in a paragraph styled as a heading (axe p-as-heading)', () => {
    const user = testUser();
    render(<AppHeader user={user} navOpened={false} onToggleNav={vi.fn()} onOpenProfile={vi.fn()} modeToggle={null} />);
    const name = screen.getByTestId('header-account-name');
    expect(name).toHaveTextContent(user.current_account!.account_name);
    expect(name.tagName).not.toBe('P');
  });
});
