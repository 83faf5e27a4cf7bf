import {
  DIGITAL_ITEM_CATEGORIES,
  type DigitalItem,
  type DigitalItemInput,
  digitalItemInput,
  type ExtraField,
  type LinkVisibility,
  newDigitalItemInput,
} from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { moneyTextProblem } from '@sente/contracts/money-text';
import { formatMoneyInput, parseMoneyInput } from '../../../../lib/format.ts';

export type Category = (typeof DIGITAL_ITEM_CATEGORIES)[number];

export type ItemFormValues = {
  title: string;
  description: string;
  type: LinkVisibility;
  category: Category;
  /** As typed: '' is missing, '0' is free. */
  price: string;
  show_original_price: boolean;
  original_price: number;
  image: string | null;
  file: string | null;
  extra_fields: ExtraField[];
  seller_note: string;
  buyer_note: string;
};

export type ItemFormErrors = Partial<Record<keyof ItemFormValues, string>>;

const FIELDS = new Set<string>([
  'title',
  'description',
  'type',
  'category',
  'price',
  'original_price',
  'image',
  'file',
  'extra_fields',
  'seller_note',
  'buyer_note',
]);

export const valuesOf = (item: DigitalItem | null): ItemFormValues => ({
  title: item?.title ?? '',
  description: item?.description ?? '',
  type: item?.type ?? 'public',
  category: (item?.category as Category | undefined) ?? DIGITAL_ITEM_CATEGORIES[0],
  price: item ? formatMoneyInput(String(item.price)) : '',
  show_original_price: Boolean(item?.original_price),
  original_price: item?.original_price ?? 0,
  image: item?.image ?? null,
  file: item?.file ?? null,
  extra_fields: item?.extra_fields ?? [],
  seller_note: item?.seller_note ?? '',
  buyer_note: item?.buyer_note ?? '',
});

/** The body of create_digital_item / update_digital_item. An update without an image keeps the stored one. */
export const inputOf = (values: ItemFormValues): DigitalItemInput => ({
  title: values.title,
  description: values.description,
  type: values.type,
  category: values.category,
  price: values.price,
  original_price: values.show_original_price ? values.original_price : null,
  image: values.image,
  file: values.file ?? '',
  extra_fields: values.extra_fields,
  seller_note: values.seller_note || null,
  buyer_note: values.buyer_note || null,
});

/**
 * Digital item rules, checked with the contract the server parses, so the messages are the
 * spec's: 'Product image is missing' only for a new item. One rule of ours on top: a struck-out
 * original price must be above the sale price, or the 'discount' misleads the buyer.
 */
export function validateItem(values: ItemFormValues, isNew: boolean): ItemFormErrors {
  const errors: ItemFormErrors = {};
  const result = (isNew ? newDigitalItemInput : digitalItemInput).safeParse(inputOf(values));
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (FIELDS.has(field) && !errors[field as keyof ItemFormValues]) errors[field as keyof ItemFormValues] = issue.message;
  }
  // The price is read as typed (decision 058); a dot, a misplaced comma or a letter is questioned, never re-read.
  const priceProblem = moneyTextProblem(values.price);
  if (priceProblem) errors.price = priceProblem;
  const comparable = !errors.price && !errors.original_price;
  if (values.show_original_price && comparable && values.original_price <= parseMoneyInput(values.price)) {
    errors.original_price = LINK_MESSAGES.originalPriceNotHigher;
  }
  return errors;
}
