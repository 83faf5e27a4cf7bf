import { FILE_MESSAGES, imageUploadHint, UPLOAD_MAX_BYTES } from '@sente/contracts/files';
import type { DigitalItem } from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { MONEY_TEXT_MESSAGES } from '@sente/contracts/money-text';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../../testing/api-stub.ts';
import { errorOf } from '../../../../testing/field-error.ts';
import { fileInputOf, fileOf, uploadedFolder, uploadedName } from '../../../../testing/files.ts';
import { render } from '../../../../testing/render.tsx';
import { expectToast, toastMessages } from '../../../../testing/toasts.ts';
import { DigitalItemForm } from './digital-item-form.tsx';

const STORED: DigitalItem = {
  id: '9c64e92f-5629-4019-b0bb-5f30bc65ba4c',
  ref: 'jm1eggx5ew',
  title: 'Rolex Recipes',
  description: 'Twenty ways to roll a rolex.',
  extra_fields: [{ type: 'text', label: 'WhatsApp number', options: [] }],
  created_at: '2026-11-22T04:00:00.000Z',
  collections_total: 0,
  type: 'private',
  category: 'Recipes & Meal Plans',
  price: 25_000,
  original_price: 40_000,
  image: 'uploads/2026/11/3b1f9c2e-6d4a-4f8e-9a7b-1c2d3e4f5a6b.png',
  file: 'products/2026/11/8e7d6c5b-4a39-4281-9f0e-d1c2b3a49586.pdf',
  image_name: 'rolex-cover.png',
  file_name: 'Rolex Recipes 2026.pdf',
  seller_note: null,
  buyer_note: 'Enjoy',
};

function renderForm(item: DigitalItem | null = null) {
  const api = stubApi({
    'POST /api/donation-link/create_digital_item': ok(STORED),
    [`POST /api/donation-link/update_digital_item/${STORED.id}`]: ok(STORED),
    'POST /api/files/upload': (request) => ok(`${uploadedFolder(request.body)}/2026/11/${uploadedName(request.body)}`),
  });
  const view = render(<DigitalItemForm item={item} />, { path: '/new-sente-digital-item' });
  const submit = () => view.user.click(screen.getByRole('button', { name: item ? 'Update Product' : 'Create Product' }));
  const saved = () => api.requests.filter((request) => request.path.startsWith('/api/donation-link/'));
  const uploads = () => api.sent('POST /api/files/upload');
  const fillRequired = async () => {
    await view.enter(screen.getByLabelText('Title'), 'Rolex Recipes');
    await view.enter(screen.getByLabelText('Description'), 'Twenty ways to roll a rolex.');
    await view.user.type(screen.getByLabelText('Sale price'), '25000');
    await view.user.upload(fileInputOf('Product image'), fileOf('cover.png', 'image/png'));
    await view.user.upload(fileInputOf('Product file'), fileOf('recipes.pdf', 'application/pdf'));
    await screen.findByText('recipes.pdf');
  };
  return { ...view, api, submit, saved, uploads, fillRequired };
}

const field = (label: string) => screen.getByLabelText(label);
const upload = (label: string) => screen.getByRole('button', { name: `${label} Choose file` });

describe('digital item form: an empty save names every missing field beside it, sending nothing', () => {
  it.each([
    ['title', () => field('Title'), LINK_MESSAGES.productTitleMissing],
    ['description', () => field('Description'), LINK_MESSAGES.productDescriptionMissing],
    ['sale price', () => field('Sale price'), LINK_MESSAGES.productPriceMissing],
    ['product image', () => upload('Product image'), LINK_MESSAGES.productImageMissing],
    ['product file', () => upload('Product file'), LINK_MESSAGES.productFileMissing],
  ])('the %s', async (_name, element, message) => {
    const { submit, api } = renderForm();
    expect(screen.getByRole('textbox', { name: 'Category' })).toHaveValue('Ebooks (PDF)');
    await submit();
    await waitFor(() => expect(errorOf(element())).toBe(message));
    expect(api.requests).toEqual([]);
  });
});

describe("digital item form: the server's limits on its text", () => {
  it('takes a title of 150 characters, a description of 5,000 and notes of 2,000', () => {
    renderForm();
    expect(field('Title')).toHaveAttribute('maxlength', String(TEXT_LIMITS.productTitle.max));
    expect(field('Description')).toHaveAttribute('maxlength', String(TEXT_LIMITS.productDescription.max));
    expect(field('Seller note')).toHaveAttribute('maxlength', String(TEXT_LIMITS.sellerNote.max));
    expect(field('Buyer note')).toHaveAttribute('maxlength', String(TEXT_LIMITS.buyerNote.max));
  });
});

describe('digital item form: prices', () => {
  it('says an empty price is missing, and questions a price with letters or a dot rather than reading it', async () => {
    const { user, submit } = renderForm();
    await submit();
    await waitFor(() => expect(errorOf(field('Sale price'))).toBe(LINK_MESSAGES.productPriceMissing));
    await user.type(field('Sale price'), '1e5');
    expect(field('Sale price')).toHaveValue('1e5');
    await submit();
    await waitFor(() => expect(errorOf(field('Sale price'))).toBe(MONEY_TEXT_MESSAGES.digitsOnly));
    await user.clear(field('Sale price'));
    await user.type(field('Sale price'), '25.000');
    await submit();
    await waitFor(() => expect(errorOf(field('Sale price'))).toBe(MONEY_TEXT_MESSAGES.wholeShillings));
  });

  it('takes 0 as a free product, not a missing price', async () => {
    const { user, submit } = renderForm();
    await user.type(field('Sale price'), '0');
    await submit();
    await waitFor(() => expect(errorOf(field('Title'))).toBe(LINK_MESSAGES.productTitleMissing));
    expect(errorOf(field('Sale price'))).toBeNull();
  });

  it('shows the original price only with its checkbox, and wants it above the sale price', async () => {
    const { user, submit, fillRequired, saved } = renderForm();
    await fillRequired();
    expect(screen.queryByRole('textbox', { name: 'Original price' })).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Show striked out original price'));
    await user.type(screen.getByRole('textbox', { name: 'Original price' }), '20000');
    await submit();
    await waitFor(() =>
      expect(errorOf(screen.getByRole('textbox', { name: 'Original price' }))).toBe(LINK_MESSAGES.originalPriceNotHigher),
    );
    expect(saved()).toEqual([]);
  });
});

describe('digital item form: files are checked before they are sent', () => {
  it('refuses a product file over 5MB with the spec words, uploading nothing', async () => {
    const { user, uploads } = renderForm();
    await user.upload(fileInputOf('Product file'), fileOf('too-big.zip', 'application/zip', UPLOAD_MAX_BYTES.products + 1));
    await expectToast(LINK_MESSAGES.productFileTooLarge('5.00'));
    expect(uploads()).toEqual([]);
    expect(upload('Product file')).toBeVisible();
  });

  it('refuses a product image that is not an image, uploading nothing', async () => {
    const { user, uploads } = renderForm();
    await user.upload(fileInputOf('Product image'), fileOf('notes.txt', 'text/plain'));
    await expectToast(LINK_MESSAGES.imageUploadTypes);
    // Under the upload too, where the person is looking, not only in a toast over the form.
    expect(errorOf(upload('Product image'))).toBe(LINK_MESSAGES.imageUploadTypes);
    expect(uploads()).toEqual([]);
  });

  it('refuses a product image over 5MB, uploading nothing', async () => {
    const { user, uploads } = renderForm();
    await user.upload(fileInputOf('Product image'), fileOf('huge.png', 'image/png', UPLOAD_MAX_BYTES.uploads + 1));
    await expectToast(FILE_MESSAGES.imageTooLarge('5.00'));
    expect(uploads()).toEqual([]);
  });

  it('takes the same file again once it was refused and fixed', async () => {
    const { user, uploads } = renderForm();
    await user.upload(fileInputOf('Product file'), fileOf('recipes.pdf', 'application/pdf', UPLOAD_MAX_BYTES.products + 1));
    await expectToast(LINK_MESSAGES.productFileTooLarge('5.00'));
    expect(errorOf(upload('Product file'))).toBe(LINK_MESSAGES.productFileTooLarge('5.00'));
    await user.upload(fileInputOf('Product file'), fileOf('recipes.pdf', 'application/pdf'));
    expect(await screen.findByText('recipes.pdf')).toBeVisible();
    expect(uploads()).toHaveLength(1);
  });

  it('uploads the image to uploads and the product file to products', async () => {
    const { user, uploads } = renderForm();
    await user.upload(fileInputOf('Product image'), fileOf('cover.png', 'image/png'));
    expect(await screen.findByRole('img', { name: 'Product image preview' })).toHaveAttribute(
      'src',
      '/storage/uploads/2026/11/cover.png',
    );
    await user.upload(fileInputOf('Product file'), fileOf('recipes.pdf', 'application/pdf'));
    await screen.findByText('recipes.pdf');
    expect(uploads().map((request) => uploadedFolder(request.body))).toEqual(['uploads', 'products']);
    expect(toastMessages()).toEqual([]);
  });

  it('uploads an SVG image and saves it, as the hint says (decision 034)', async () => {
    const { user, enter, submit, saved } = renderForm();
    await enter(screen.getByLabelText('Title'), 'Rolex Recipes');
    await enter(screen.getByLabelText('Description'), 'Twenty ways to roll a rolex.');
    await user.type(screen.getByLabelText('Sale price'), '25000');
    expect(screen.getByText(`Shown to buyers on the checkout page. ${imageUploadHint('uploads')}`)).toBeVisible();
    await user.upload(fileInputOf('Product image'), fileOf('logo.svg', 'image/svg+xml'));
    await user.upload(fileInputOf('Product file'), fileOf('recipes.pdf', 'application/pdf'));
    await screen.findByText('recipes.pdf');
    await submit();
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]?.body).toMatchObject({ image: 'uploads/2026/11/logo.svg' });
    expect(screen.queryByText(LINK_MESSAGES.invalidImageType)).not.toBeInTheDocument();
  });
});

describe('digital item form: saving', () => {
  it("creates the product with every field: 'Item Added', back to the list", async () => {
    const { user, enter, submit, fillRequired, saved, location } = renderForm();
    await fillRequired();
    await user.click(screen.getByRole('radio', { name: 'Private' }));
    await user.click(screen.getByRole('textbox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Recipes & Meal Plans' }));
    await user.click(screen.getByLabelText('Show striked out original price'));
    await user.type(screen.getByRole('textbox', { name: 'Original price' }), '40000');
    await enter(field('Buyer note'), 'Open the PDF on your phone.');
    await submit();
    await expectToast(LINK_MESSAGES.itemAdded);
    await waitFor(() => expect(location().pathname).toBe('/sente-digital-items'));
    expect(saved().map((request) => [request.path, request.body])).toEqual([
      [
        '/api/donation-link/create_digital_item',
        {
          title: 'Rolex Recipes',
          description: 'Twenty ways to roll a rolex.',
          type: 'private',
          category: 'Recipes & Meal Plans',
          price: '25,000',
          original_price: 40_000,
          image: 'uploads/2026/11/cover.png',
          file: 'products/2026/11/recipes.pdf',
          extra_fields: [],
          seller_note: null,
          buyer_note: 'Open the PDF on your phone.',
        },
      ],
    ]);
  });

  it('shows the saved image and product file under the names they were uploaded with', async () => {
    const { user } = renderForm(STORED);
    expect(screen.getByText('rolex-cover.png')).toBeVisible();
    expect(screen.getByText('Rolex Recipes 2026.pdf')).toBeVisible();
    expect(screen.queryByText(/3b1f9c2e|8e7d6c5b/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Rolex Recipes 2026.pdf' }));
    await user.upload(fileInputOf('Product file'), fileOf('recipes-v2.pdf', 'application/pdf'));
    expect(await screen.findByText('recipes-v2.pdf')).toBeVisible();
  });

  it('says under the sale price, on leaving it, that a price cannot be negative', async () => {
    const { user } = renderForm(STORED);
    await user.clear(field('Sale price'));
    await user.type(field('Sale price'), '-5000');
    await user.tab();
    expect(errorOf(field('Sale price'))).toBe(LINK_MESSAGES.amountNegative);
  });

  it("prefills a product, needs no new image, and updates it: 'Item Updated'", async () => {
    const { user, submit, saved } = renderForm(STORED);
    expect(field('Title')).toHaveValue('Rolex Recipes');
    expect(field('Sale price')).toHaveValue('25,000');
    expect(screen.getByRole('textbox', { name: 'Original price' })).toHaveValue('40,000');
    expect(screen.getByText('WhatsApp number')).toBeVisible();
    await user.clear(field('Sale price'));
    await user.type(field('Sale price'), '20000');
    await submit();
    await expectToast(LINK_MESSAGES.itemUpdated);
    expect(saved().map((request) => request.path)).toEqual([`/api/donation-link/update_digital_item/${STORED.id}`]);
    expect(saved()[0]?.body).toMatchObject({ price: '20,000', original_price: 40_000, image: STORED.image });
  });
});
