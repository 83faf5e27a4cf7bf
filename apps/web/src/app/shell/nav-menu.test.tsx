/**
 * The navigation shows each role what it may use (rights by role: docs/features.md#roles); only API keys and webhooks
 * are left out for some.
 */
import { STAFF_ROLES, type StaffRole } from '@sente/contracts/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../../testing/render.tsx';
import { NavMenu } from './nav-menu.tsx';

const SEES_DEVELOPERS: StaffRole[] = ['owner', 'administrator', 'developer'];

describe('the left navigation per role', () => {
  it.each(STAFF_ROLES)('%s', (role) => {
    render(<NavMenu role={role} onNavigate={() => {}} />, { path: '/dashboard' });
    const business = screen.getByRole('list', { name: 'My Business' });
    expect(within(business).getByRole('link', { name: 'Transfers' })).toHaveAttribute('href', '/settlements');
    expect(screen.getByRole('link', { name: 'Team' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    if (SEES_DEVELOPERS.includes(role)) {
      const developers = screen.getByRole('list', { name: 'Developers' });
      expect(
        within(developers)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['API Keys', 'Web Hooks']);
    } else {
      expect(screen.queryByText('Developers')).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'API Keys' })).not.toBeInTheDocument();
    }
  });
});
