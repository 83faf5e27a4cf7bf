import type { StaffRole } from '@sente/contracts/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, okSpec, stubApi } from '../../testing/api-stub.ts';
import { render } from '../../testing/render.tsx';
import { testUser } from '../../testing/test-user.ts';
import { ProfileDrawer } from './profile-drawer.tsx';

function renderDrawer(role: StaffRole) {
  const user = testUser({ current_role: role });
  stubApi({
    'GET /api/user/profile': ok(user),
    'POST /api/wallet/pin_exists': okSpec({ pin_exists: true }, undefined, { pin_exists: true }),
  });
  const onClose = vi.fn();
  const view = render(
    <ProfileDrawer user={user} opened onClose={onClose} onPrivacy={vi.fn()} onHelp={vi.fn()} onSwitchAccount={vi.fn()} />,
  );
  return { ...view, onClose, menu: () => screen.getByRole('navigation', { name: 'Profile menu' }) };
}

describe('profile drawer: Wallet PIN', () => {
  it.each(['owner', 'administrator', 'operations'] as const)(
    'offers %s the Wallet PIN dialog, which outlives the drawer',
    async (role) => {
      const { user, menu, onClose } = renderDrawer(role);
      await user.click(await within(menu()).findByRole('button', { name: 'Wallet PIN' }));
      expect(onClose).toHaveBeenCalled();
      expect(await screen.findByRole('dialog', { name: 'Change wallet PIN' })).toBeInTheDocument();
    },
  );

  it.each(['developer', 'customer_support', 'user'] as const)('hides it from %s, who may not move money', async (role) => {
    const { menu } = renderDrawer(role);
    await within(menu()).findByRole('button', { name: 'Switch Account' });
    expect(within(menu()).queryByRole('button', { name: 'Wallet PIN' })).toBeNull();
  });
});
