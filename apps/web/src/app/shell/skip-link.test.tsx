import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../testing/api-stub.ts';
import { render } from '../../testing/render.tsx';
import { testUser } from '../../testing/test-user.ts';
import { DashboardLayout } from './dashboard-layout.tsx';

describe('the dashboard shell’s "Skip to content" link', () => {
  it('is the first thing Tab reaches, and moves the focus past the header and navigation to the page', async () => {
    stubApi({ 'GET /api/user/profile': ok(testUser()) });
    const { user } = render(<DashboardLayout />, { path: '/dashboard' });
    const main = await screen.findByRole('main');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(main).toHaveFocus();
  });
});
