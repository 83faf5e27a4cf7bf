import { UPLOAD_MAX_BYTES } from '@sente/contracts/files';
import type { DigitalItem } from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { MONEY_TEXT_MESSAGES } from '@sente/contracts/money-text';
import { describe, expect, it } from 'vitest';
import { inputOf, validateItem, valuesOf } from './item-form-values.ts';
import { checkImage, checkProductFile, IMAGE_ACCEPT } from './upload-checks.ts';

const filled = {
  ...valuesOf(null),
  title: 'Rolex Recipes',
  description: 'Twenty ways to roll a rolex.',
  price: '25,000',
  image: 'uploads/2026/11/cover.png',
  file: 'products/2026/11/recipes.pdf',
};

const stored: DigitalItem = {
  id: '9c64e92f-5629-4019-b0bb-5f30bc65ba4c',
  ref: 'jm1eggx5ew',
  title: 'Rolex Recipes',
  description: 'Twenty ways to roll a rolex.',
  extra_fields: [],
  created_at: '2026-11-22T04:00:00.000Z',
  collections_total: 0,
  type: 'private',
  category: 'Recipes & Meal Plans',
  price: 0,
  original_price: 40_000,
  image: 'uploads/2026/11/cover.png',
  file: 'products/2026/11/recipes.pdf',
  image_name: 'cover.png',
  file_name: 'recipes.pdf',
  seller_note: null,
  buyer_note: 'Enjoy',
};

describe('digital item form rules', () => {
  it('names every missing field of a new item with the spec words', () => {
    expect(validateItem(valuesOf(null), true)).toEqual({
      title: LINK_MESSAGES.productTitleMissing,
      description: LINK_MESSAGES.productDescriptionMissing,
      price: LINK_MESSAGES.productPriceMissing,
      image: LINK_MESSAGES.productImageMissing,
      file: LINK_MESSAGES.productFileMissing,
    });
  });

  it('asks for an image on a new item only, and takes 0 as free', () => {
    expect(validateItem({ ...filled, image: null }, false)).toEqual({});
    expect(validateItem({ ...filled, price: '0' }, true)).toEqual({});
    expect(validateItem({ ...filled, price: 'abc' }, true)).toEqual({ price: MONEY_TEXT_MESSAGES.digitsOnly });
  });

  it('questions a price that is no number, and refuses a negative one plainly', () => {
    expect(validateItem({ ...filled, price: '12-3' }, true)).toEqual({ price: MONEY_TEXT_MESSAGES.digitsOnly });
    expect(validateItem({ ...filled, price: '-5,000' }, true)).toEqual({ price: LINK_MESSAGES.amountNegative });
    const original = { ...filled, show_original_price: true };
    expect(validateItem({ ...original, original_price: -40_000 }, true)).toEqual({
      original_price: LINK_MESSAGES.amountNegative,
    });
    expect(validateItem({ ...original, original_price: Number.NaN }, true)).toEqual({
      original_price: LINK_MESSAGES.amountInvalid,
    });
  });

  it('takes at save the svg and avif images the upload takes (decision 034), and refuses other types', () => {
    expect(validateItem({ ...filled, image: 'uploads/2026/11/logo.svg' }, true)).toEqual({});
    expect(validateItem({ ...filled, image: 'uploads/2026/11/cover.avif' }, true)).toEqual({});
    expect(validateItem({ ...filled, image: 'uploads/2026/11/photo.heic' }, true)).toEqual({
      image: LINK_MESSAGES.invalidImageType,
    });
  });

  it('wants a struck-out original price above the sale price, and sends none when it is not shown', () => {
    const shown = { ...filled, show_original_price: true, original_price: 20_000 };
    expect(validateItem(shown, true)).toEqual({ original_price: LINK_MESSAGES.originalPriceNotHigher });
    expect(validateItem({ ...shown, original_price: 40_000 }, true)).toEqual({});
    expect(inputOf({ ...shown, show_original_price: false }).original_price).toBeNull();
  });

  it('prefills an edit from the stored item, a free one showing 0', () => {
    const values = valuesOf(stored);
    expect(values).toMatchObject({ price: '0', show_original_price: true, original_price: 40_000, type: 'private' });
    expect(inputOf(values)).toMatchObject({ price: '0', original_price: 40_000, seller_note: null, buyer_note: 'Enjoy' });
  });
});

describe('checks before an upload', () => {
  it('takes only the spec image types, and offers in the picker only those the save also takes', () => {
    expect(checkImage(new File(['x'], 'cover.JPEG'))).toBeNull();
    expect(checkImage(new File(['x'], 'cover.avif'))).toBeNull();
    expect(checkImage(new File(['x'], 'notes.txt'))).toBe(LINK_MESSAGES.imageUploadTypes);
    expect(checkImage(new File(['x'], 'no-extension'))).toBe(LINK_MESSAGES.imageUploadTypes);
    expect(IMAGE_ACCEPT).toBe('.jpg,.jpeg,.png,.gif,.webp,.svg,.avif');
  });

  it('refuses a product file over 5MB with its size in MB', () => {
    expect(checkProductFile(new File([new Uint8Array(UPLOAD_MAX_BYTES.products)], 'ok.zip'))).toBeNull();
    expect(checkProductFile(new File([new Uint8Array(UPLOAD_MAX_BYTES.products + 1)], 'big.zip'))).toBe(
      LINK_MESSAGES.productFileTooLarge('5.00'),
    );
  });
});
