import type { PaymentLinkDetails } from '@sente/contracts/links';
import { LINK_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import { MONEY_TEXT_MESSAGES } from '@sente/contracts/money-text';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, fail, ok, stubApi } from '../../../../testing/api-stub.ts';
import { errorOf } from '../../../../testing/field-error.ts';
import { render } from '../../../../testing/render.tsx';
import { expectToast } from '../../../../testing/toasts.ts';
import { PaymentLinkForm } from './payment-link-form.tsx';

const STORED: PaymentLinkDetails = {
  id: '5b0d7a52-3f0e-4b8e-9d7c-2a1f0e9b8c7d',
  ref: 'pl7x2k9q',
  title: 'School fees',
  description: null,
  extra_fields: [{ type: 'text', label: 'Student name', options: [] }],
  created_at: '2026-11-22T08:00:00.000Z',
  collections_total: 0,
  amount: 250_000,
  fixed_amount: true,
  redirect_url: null,
  is_disabled: false,
  attachments: [],
};

function renderForm({ link = null, answer = ok(STORED) }: { link?: PaymentLinkDetails | null; answer?: Answer } = {}) {
  const api = stubApi({
    'POST /api/payment-link/create': answer,
    [`POST /api/payment-link/update/${STORED.id}`]: answer,
  });
  const view = render(<PaymentLinkForm link={link} canUpdateLogo={false} />, { path: '/new-payment-link' });
  const save = () => view.user.click(screen.getByRole('button', { name: 'Save Payment Link' }));
  const saved = () => api.requests.filter((request) => request.path.startsWith('/api/payment-link/'));
  return { ...view, api, save, saved };
}

describe('payment link form: the server checks, its messages land beside their fields', () => {
  it("takes no more than the server's limits: the title 150 characters, the description 2,000", () => {
    renderForm();
    expect(screen.getByLabelText('Title')).toHaveAttribute('maxlength', String(TEXT_LIMITS.linkTitle.max));
    expect(screen.getByLabelText('Description')).toHaveAttribute('maxlength', String(TEXT_LIMITS.linkDescription.max));
  });

  it("sends a link without a title and shows 'Title is missing' beside the title", async () => {
    const { save, saved, location } = renderForm();
    await save();
    await waitFor(() => expect(errorOf(screen.getByLabelText('Title'))).toBe(LINK_MESSAGES.titleMissing));
    expect(screen.getByLabelText('Title')).toBeInvalid();
    expect(saved()).toHaveLength(1);
    expect(location().pathname).toBe('/new-payment-link');
  });

  it('asks for a price of at least UGX 1 beside the price of a fixed charge', async () => {
    const { enter, save } = renderForm();
    await enter(screen.getByLabelText('Title'), 'School fees');
    await save();
    await waitFor(() => expect(errorOf(screen.getByLabelText('Price'))).toBe(LINK_MESSAGES.priceMissing));
    expect(errorOf(screen.getByLabelText('Title'))).toBeNull();
  });

  it('questions a price with a dot (UGX has no cents) or a misplaced comma, and sends nothing', async () => {
    const { user, enter, save, saved } = renderForm();
    await enter(screen.getByLabelText('Title'), 'School fees');
    await user.type(screen.getByLabelText('Price'), '5.000');
    await save();
    await waitFor(() => expect(errorOf(screen.getByLabelText('Price'))).toBe(MONEY_TEXT_MESSAGES.wholeShillings));
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '5,00');
    await save();
    await waitFor(() => expect(errorOf(screen.getByLabelText('Price'))).toBe(MONEY_TEXT_MESSAGES.commaPlaces));
    expect(screen.getByLabelText('Price')).toHaveValue('5,00');
    expect(saved()).toEqual([]);
  });

  it("refuses '12-3' under the price instead of saving UGX 12, and sends nothing", async () => {
    const { user, enter, save, saved } = renderForm();
    await enter(screen.getByLabelText('Title'), 'School fees');
    await user.type(screen.getByLabelText('Price'), '12-3');
    await user.tab();
    expect(errorOf(screen.getByLabelText('Price'))).toBe(MONEY_TEXT_MESSAGES.digitsOnly);
    await save();
    expect(errorOf(screen.getByLabelText('Price'))).toBe(MONEY_TEXT_MESSAGES.digitsOnly);
    expect(saved()).toEqual([]);
  });

  it('says a negative price cannot be negative, under the price, and sends nothing', async () => {
    const { user, enter, save, saved } = renderForm();
    await enter(screen.getByLabelText('Title'), 'School fees');
    await user.type(screen.getByLabelText('Price'), '-5000');
    await save();
    await waitFor(() => expect(errorOf(screen.getByLabelText('Price'))).toBe(LINK_MESSAGES.amountNegative));
    expect(saved()).toEqual([]);
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '5000');
    expect(errorOf(screen.getByLabelText('Price'))).toBeNull();
    await save();
    await expectToast(LINK_MESSAGES.paymentLinkSaved);
    expect(saved()[0]?.body).toMatchObject({ amount: 5000 });
  });

  it('puts a negative price the server refuses beside the price, not only in a toast', async () => {
    const negative = fail(400, LINK_MESSAGES.amountNegative, [LINK_MESSAGES.amountNegative], {
      amount: LINK_MESSAGES.amountNegative,
    });
    const { user, enter, save } = renderForm({ answer: negative });
    await enter(screen.getByLabelText('Title'), 'School fees');
    await user.type(screen.getByLabelText('Price'), '5000');
    await save();
    await waitFor(() => expect(errorOf(screen.getByLabelText('Price'))).toBe(LINK_MESSAGES.amountNegative));
    expect(screen.queryByText('Please check the link')).not.toBeInTheDocument();
  });

  it('lists a server message that belongs to no field above the save button', async () => {
    const { user, enter, save } = renderForm({ answer: fail(403, MESSAGES.forbiddenForRole, [MESSAGES.forbiddenForRole]) });
    await enter(screen.getByLabelText('Title'), 'School fees');
    await user.type(screen.getByLabelText('Price'), '250000');
    await save();
    const alert = (await screen.findByText('Please check the link')).closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText(MESSAGES.forbiddenForRole)).toBeVisible();
    expect(errorOf(screen.getByLabelText('Title'))).toBeNull();
    await expectToast(MESSAGES.forbiddenForRole);
  });

  it("saves a fixed charge with the typed price, says 'Payment Link Saved' and returns to the list", async () => {
    const { user, enter, save, saved, location } = renderForm();
    await enter(screen.getByLabelText('Title'), 'School fees');
    await user.type(screen.getByLabelText('Price'), '250000');
    expect(screen.getByLabelText('Price')).toHaveValue('250,000');
    await save();
    await expectToast(LINK_MESSAGES.paymentLinkSaved);
    await waitFor(() => expect(location().pathname).toBe('/payment-links'));
    expect(saved().map((request) => [request.path, request.body])).toEqual([
      [
        '/api/payment-link/create',
        {
          title: 'School fees',
          description: null,
          fixed_amount: true,
          amount: 250_000,
          extra_fields: [],
          redirect_url: null,
          attachments: [],
        },
      ],
    ]);
  });
});

describe('payment link form: fixed or dynamic charge', () => {
  it('starts as a fixed charge with a price field', () => {
    renderForm();
    expect(screen.getByRole('radio', { name: 'Fixed Charge' })).toBeChecked();
    expect(screen.getByLabelText('Price')).toBeVisible();
  });

  it('hides the price of a dynamic charge and sends 0, even after a price was typed', async () => {
    const { user, enter, save, saved } = renderForm();
    await enter(screen.getByLabelText('Title'), 'Donations box');
    await user.type(screen.getByLabelText('Price'), '5000');
    await user.click(screen.getByRole('radio', { name: 'Dynamic Charge' }));
    expect(screen.queryByLabelText('Price')).not.toBeInTheDocument();
    await save();
    await expectToast(LINK_MESSAGES.paymentLinkSaved);
    expect(saved()[0]?.body).toMatchObject({ title: 'Donations box', fixed_amount: false, amount: 0 });
  });

  it('saves a dynamic charge without asking for a price', async () => {
    const { user, enter, save } = renderForm();
    await enter(screen.getByLabelText('Title'), 'Donations box');
    await user.click(screen.getByRole('radio', { name: 'Dynamic Charge' }));
    await save();
    await expectToast(LINK_MESSAGES.paymentLinkSaved);
    expect(screen.queryByText(LINK_MESSAGES.priceMissing)).not.toBeInTheDocument();
  });
});

describe('payment link form: editing', () => {
  it("prefills the link and updates it: 'Payment Link Updated'", async () => {
    const { user, save, saved, location } = renderForm({ link: STORED });
    expect(screen.getByLabelText('Title')).toHaveValue('School fees');
    expect(screen.getByLabelText('Price')).toHaveValue('250,000');
    expect(screen.getByText('Student name')).toBeVisible();
    await user.type(screen.getByLabelText('Title'), ', Term 1');
    await save();
    await expectToast(LINK_MESSAGES.paymentLinkUpdated);
    await waitFor(() => expect(location().pathname).toBe('/payment-links'));
    expect(saved().map((request) => request.path)).toEqual([`/api/payment-link/update/${STORED.id}`]);
    expect(saved()[0]?.body).toMatchObject({ title: 'School fees, Term 1', amount: 250_000, extra_fields: STORED.extra_fields });
  });

  it('shows a dynamic charge without a price', () => {
    renderForm({ link: { ...STORED, fixed_amount: false, amount: 0 } });
    expect(screen.getByRole('radio', { name: 'Dynamic Charge' })).toBeChecked();
    expect(screen.queryByLabelText('Price')).not.toBeInTheDocument();
  });
});

describe('payment link form: redirect URL and extra inputs', () => {
  it('shows the redirect URL read-only with a delete icon, and sends none once deleted', async () => {
    const { user, save, saved } = renderForm({ link: { ...STORED, redirect_url: 'https://school.example.com/confirm-payment' } });
    const field = screen.getByLabelText('Redirect URL');
    expect(field).toHaveValue('https://school.example.com/confirm-payment');
    expect(field).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Remove redirect URL' }));
    expect(screen.queryByLabelText('Redirect URL')).not.toBeInTheDocument();
    await save();
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]?.body).toMatchObject({ redirect_url: null });
  });

  it('puts a refused redirect URL message beside the redirect URL', async () => {
    const { user, save } = renderForm({ link: { ...STORED, redirect_url: 'school.example.com' } });
    await save();
    await waitFor(() => expect(errorOf(screen.getByLabelText('Redirect URL'))).toBe(LINK_MESSAGES.redirectUrlInvalid));
    expect(errorOf(screen.getByLabelText('Title'))).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove redirect URL' }));
    expect(screen.queryByLabelText('Redirect URL')).not.toBeInTheDocument();
  });

  it('keeps the Redirection modal open with the reason when the URL is not http or https', async () => {
    const { user, enter, saved } = renderForm({ link: STORED });
    await user.click(screen.getByRole('button', { name: 'Redirection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redirection' });
    await enter(within(dialog).getByLabelText('Redirect URL'), 'school.example.com/confirm-payment');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(errorOf(within(dialog).getByLabelText('Redirect URL'))).toBe(LINK_MESSAGES.redirectUrlInvalid);
    expect(screen.getByRole('dialog', { name: 'Redirection' })).toBeVisible();
    expect(saved()).toEqual([]);
  });

  it('adds a redirect URL through the Redirection modal and sends it', async () => {
    const { user, enter, save, saved } = renderForm({ link: STORED });
    await user.click(screen.getByRole('button', { name: 'Redirection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redirection' });
    await enter(within(dialog).getByLabelText('Redirect URL'), 'https://school.example.com/confirm-payment');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Redirect URL')).toHaveValue('https://school.example.com/confirm-payment');
    await save();
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]?.body).toMatchObject({ redirect_url: 'https://school.example.com/confirm-payment' });
  });

  it('removes an extra input from the list and sends the rest', async () => {
    const { user, save, saved } = renderForm({ link: STORED });
    await user.click(screen.getByRole('button', { name: 'Remove Student name' }));
    expect(screen.queryByText('Student name')).not.toBeInTheDocument();
    await save();
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]?.body).toMatchObject({ extra_fields: [] });
  });
});
