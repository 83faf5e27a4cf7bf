import fs from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../testing/api-stub.ts';
import { render } from '../../testing/render.tsx';
import { HelpModal } from './info-modals.tsx';

/** The paths app/router.tsx serves a screen at. */
const ROUTES = new Set(
  [...fs.readFileSync(path.resolve(import.meta.dirname, '../router.tsx'), 'utf8').matchAll(/path="([^"]+)"/g)].map(
    (match) => match[1],
  ),
);

/** The support contacts as the server's settings give them. */
const stubSupport = () =>
  stubApi({
    'GET /api/support': ok({ phone: '+256 414 123 456', whatsapp: '+256 772 123 456', email: 'help@sente.example' }),
  });

describe('Help and Support (no message sends the merchant to a screen that is not there)', () => {
  it('links each screen it names, and each link is a screen the router serves', async () => {
    stubSupport();
    render(<HelpModal opened onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Help and Support' });
    await within(dialog).findByRole('link', { name: /^Call / });
    const links = within(dialog)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/'));
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Business Details', '/business-details'],
      ['Business Details', '/business-details?tab=bank'],
      ['Transfers', '/settlements'],
      ['Team', '/team'],
    ]);
    for (const link of links) expect(ROUTES).toContain(new URL(link.getAttribute('href')!, 'http://sente.test').pathname);
  });

  it('closes as it takes the merchant to the screen', async () => {
    stubSupport();
    const onClose = vi.fn();
    const { user, location } = render(<HelpModal opened onClose={onClose} />, { path: '/dashboard' });
    const dialog = screen.getByRole('dialog', { name: 'Help and Support' });
    await user.click(within(dialog).getAllByRole('link', { name: 'Business Details' })[0]!);
    expect(location().pathname).toBe('/business-details');
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('Help and Support: contact support', () => {
  it("offers the settings' support phone, WhatsApp (wa.me, in a new tab) and e-mail", async () => {
    const api = stubSupport();
    render(<HelpModal opened onClose={vi.fn()} />);
    const section = within(await screen.findByRole('region', { name: 'Contact support' }));
    expect(await section.findByRole('link', { name: 'Call +256 414 123 456' })).toHaveAttribute('href', 'tel:+256414123456');
    const whatsapp = section.getByRole('link', { name: 'WhatsApp +256 772 123 456 (new tab)' });
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/256772123456');
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp).toHaveAttribute('rel', 'noopener');
    expect(section.getByRole('link', { name: 'E-mail help@sente.example' })).toHaveAttribute('href', 'mailto:help@sente.example');
    expect(api.sent('GET /api/support')).toHaveLength(1);
  });

  it('asks for the contacts only once Help and Support opens', () => {
    const api = stubSupport();
    render(<HelpModal opened={false} onClose={vi.fn()} />);
    expect(api.sent('GET /api/support')).toEqual([]);
  });
});
