import { z } from 'zod';
import { MAX_LINK_ATTACHMENTS } from './attachments.ts';
import { LINK_MESSAGES as M, MESSAGES } from './messages.ts';
import { TEXT_LIMITS as T } from './text-limits.ts';
import { amountFrom, optionalString, requiredString } from './validation.ts';

/** The input types of an extra field, with the labels the Extra Inputs modal shows. */
export const EXTRA_FIELD_TYPES = ['text', 'multi-text', 'select', 'checkbox', 'radio'] as const;
export type ExtraFieldType = (typeof EXTRA_FIELD_TYPES)[number];
export const EXTRA_FIELD_TYPE_LABELS: Record<ExtraFieldType, string> = {
  text: 'Text Input',
  'multi-text': 'Text box multiline',
  select: 'Dropdown/Select',
  checkbox: 'Checkbox multiple select',
  radio: 'Radio button single select',
};
export const EXTRA_FIELD_TYPES_WITH_OPTIONS: readonly ExtraFieldType[] = ['select', 'checkbox', 'radio'];

/** Link kinds, visibility types and digital item categories (the first is the default). */
export const LINK_KINDS = ['payment_link', 'donation_link', 'digital_item'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
export const LINK_VISIBILITIES = ['public', 'private'] as const;
export type LinkVisibility = (typeof LINK_VISIBILITIES)[number];
export const DIGITAL_ITEM_CATEGORIES = [
  'Ebooks (PDF)',
  'Business Templates (Word, Excel, PDF)',
  'Presentation Templates (PowerPoint)',
  'Spreadsheet Tools (Excel, Google Sheets)',
  'Printables (Planners, Checklists, Calendars)',
  'Recipes & Meal Plans',
  'Digital Certificates',
  'Digital Planners (GoodNotes, Notability)',
  'Software or Code Snippets',
] as const;

/** Public link shapes; `site` is PUBLIC_URL. */
export const PUBLIC_LINK_PATHS: Record<LinkKind, string> = {
  payment_link: '/pay/',
  donation_link: '/fund/',
  digital_item: '/checkout/',
};

/** The largest amount one link may ask for, in UGX. */
export const MAX_LINK_AMOUNT = 1_000_000_000;

export const extraField = z
  .object({
    type: z.enum(EXTRA_FIELD_TYPES, { error: M.extraFieldTypeInvalid }),
    label: requiredString(M.labelMissing, T.extraFieldLabel),
    options: z.array(z.string().max(T.extraFieldOption.max, T.extraFieldOption.tooLong).trim()).max(50).optional().default([]),
  })
  // Empty option values are dropped; only select, checkbox and radio keep options.
  .transform((field) => ({
    ...field,
    options: EXTRA_FIELD_TYPES_WITH_OPTIONS.includes(field.type) ? field.options.filter((option) => option !== '') : [],
  }))
  .refine((field) => !EXTRA_FIELD_TYPES_WITH_OPTIONS.includes(field.type) || field.options.length > 0, {
    message: M.extraFieldOptionsMissing,
  });
export type ExtraField = z.output<typeof extraField>;

const extraFields = z.array(extraField, { error: MESSAGES.invalidRequest }).max(30).optional().default([]);

/** A whole number of UGX from a number or a numeric string ('' and null read as 0). */
const wholeUgx = z
  .number({ error: M.amountInvalid })
  .refine((value) => Number.isFinite(value), M.amountInvalid)
  .refine((value) => Number.isInteger(value), M.amountWhole)
  .refine((value) => value >= 0, M.amountNegative)
  .refine((value) => value <= MAX_LINK_AMOUNT, M.amountTooLarge);

/** An amount with a leading minus read as a sign, so that '-5' is refused as negative rather than as unreadable. */
export function signedAmountFrom(value: number | string): number {
  const text = typeof value === 'string' ? value.trim() : value;
  return typeof text === 'string' && text.startsWith('-') ? -amountFrom(text.slice(1)) : amountFrom(text);
}

export const ugxAmount = z
  .union([z.number(), z.string().trim(), z.null()], { error: M.amountInvalid })
  .transform((value) => (value === null || value === '' ? 0 : signedAmountFrom(value)))
  .pipe(wholeUgx);

/** An optional redirect URL: http or https with a host (the Redirection modal checks it on Add, the server on save). */
export const redirectUrl = optionalString(T.redirectUrl).refine(
  (value) => value === null || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value),
  M.redirectUrlInvalid,
);

/** The Redirection modal's one field, checked with the rule the server applies on save. */
export const redirectionForm = z.object({ redirect_url: redirectUrl });

/** A path returned by POST /api/files/upload, never a URL or a path that climbs out of storage. */
export const storagePath = z
  .string()
  .max(300)
  .trim()
  .regex(/^[a-z]+\/[\w./-]+$/, M.invalidFilePath)
  .refine((value) => !value.includes('..'), M.invalidFilePath);

/** An optional storage path: absent, null and blank all mean none (a form's empty upload sends ''). */
const optionalPath = <S extends z.ZodType<string, string>>(path: S) =>
  z
    .string({ error: M.invalidFilePath })
    .trim()
    .nullish()
    .transform((value) => value || null)
    .pipe(path.nullable());

/** Storage paths of the link's attachments, in the order shown; the same file twice is attached once. */
const attachmentPaths = z
  .array(storagePath, { error: M.attachmentNotUploaded })
  .optional()
  .default([])
  .transform((paths) => [...new Set(paths)])
  .refine((paths) => paths.length <= MAX_LINK_ATTACHMENTS, M.tooManyAttachments);

export const paymentLinkInput = z
  .object({
    title: requiredString(M.titleMissing, T.linkTitle),
    description: optionalString(T.linkDescription),
    fixed_amount: z.boolean().optional().default(true),
    amount: ugxAmount.optional().default(0),
    extra_fields: extraFields,
    redirect_url: redirectUrl,
    attachments: attachmentPaths,
  })
  .refine((link) => !link.fixed_amount || link.amount >= 1, { message: M.priceMissing, path: ['amount'] })
  // A dynamic charge lets the payer choose, so a price typed before switching is dropped.
  .transform((link) => ({ ...link, amount: link.fixed_amount ? link.amount : 0 }));
export type PaymentLinkInput = z.input<typeof paymentLinkInput>;

export const donationLinkInput = z.object({
  title: requiredString(M.titleMissing, T.linkTitle),
  description: optionalString(T.linkDescription),
  beneficiary: optionalString(T.beneficiary),
  type: z.enum(LINK_VISIBILITIES, { error: M.visibilityInvalid }).optional().default('public'),
  target: ugxAmount.optional().default(0),
  image: optionalPath(storagePath),
  extra_fields: extraFields,
});
export type DonationLinkInput = z.input<typeof donationLinkInput>;

/**
 * The image extensions a digital item may be saved with, and svg and avif, which its image upload takes
 * (decision 034: an SVG is only ever shown through <img> or served sandboxed, so no script in it runs).
 */
export const DIGITAL_ITEM_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg', 'avif'];

const digitalItemImage = storagePath.refine(
  (value) => DIGITAL_ITEM_IMAGE_EXTENSIONS.includes(value.split('.').pop()?.toLowerCase() ?? ''),
  M.invalidImageType,
);

export const digitalItemInput = z.object({
  title: requiredString(M.productTitleMissing, T.productTitle),
  description: requiredString(M.productDescriptionMissing, T.productDescription),
  type: z.enum(LINK_VISIBILITIES, { error: M.visibilityInvalid }).optional().default('public'),
  category: z.enum(DIGITAL_ITEM_CATEGORIES, { error: M.categoryInvalid }).optional().default(DIGITAL_ITEM_CATEGORIES[0]),
  price: z
    .union([z.number(), z.string().trim()], { error: M.productPriceMissing })
    .refine((value) => value !== '' && !Number.isNaN(signedAmountFrom(value)), M.productPriceMissing)
    .transform(signedAmountFrom)
    .pipe(wholeUgx),
  original_price: ugxAmount.nullish().transform((value) => value || null),
  // Optional on an update, which keeps the stored image; newDigitalItemInput requires it.
  image: optionalPath(digitalItemImage),
  file: requiredString(M.productFileMissing).pipe(storagePath),
  extra_fields: extraFields,
  seller_note: optionalString(T.sellerNote),
  buyer_note: optionalString(T.buyerNote),
});
export type DigitalItemInput = z.input<typeof digitalItemInput>;

/** 'Product image is missing' applies to a new item only. */
export const newDigitalItemInput = digitalItemInput.extend({
  image: requiredString(M.productImageMissing).pipe(digitalItemImage),
});

export const enableOrDisableInput = z.object({ is_disabled: z.boolean({ error: MESSAGES.invalidRequest }) });
export const hideDigitalItemInput = z.object({ shouldHide: z.boolean({ error: MESSAGES.invalidRequest }) });

/** An extra field as a link keeps it and every answer shows it (`extraField` above is the input rule). */
export const extraFieldAnswer = z.object({
  type: z.enum(EXTRA_FIELD_TYPES),
  label: z.string(),
  options: z.array(z.string()),
});

/** An attachment as the dashboard shows it: `path` is what a save sends back. */
export const linkAttachment = z.object({
  path: z.string(),
  name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
});

/** What every kind of link answers, as the response schemas of the link routes (decision 046). */
const linkBase = z.object({
  id: z.string(),
  ref: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  extra_fields: z.array(extraFieldAnswer),
  created_at: z.string(),
  collections_total: z.number().describe("Sum of successful collections in the account's active environment, in UGX"),
});

export const paymentLink = linkBase.extend({
  amount: z.number(),
  fixed_amount: z.boolean(),
  redirect_url: z.string().nullable(),
  is_disabled: z.boolean(),
});
export type PaymentLink = z.output<typeof paymentLink>;

/** One payment link with its attachments: what details, create and update answer (the lists leave them out). */
export const paymentLinkDetails = paymentLink.extend({ attachments: z.array(linkAttachment) });
export type PaymentLinkDetails = z.output<typeof paymentLinkDetails>;

export const donationLink = linkBase.extend({
  type: z.enum(LINK_VISIBILITIES),
  target: z.number(),
  beneficiary: z.string().nullable(),
  image: z.string().nullable(),
});
export type DonationLink = z.output<typeof donationLink>;

export const digitalItem = linkBase.extend({
  type: z.enum(LINK_VISIBILITIES),
  category: z.string(),
  price: z.number(),
  original_price: z.number().nullable(),
  image: z.string().nullable(),
  file: z.string(),
  image_name: z
    .string()
    .nullable()
    .describe('The name the image had when it was uploaded (null for a file with no upload record)'),
  file_name: z
    .string()
    .nullable()
    .describe('The name the product file had when it was uploaded (null for a file with no upload record)'),
  seller_note: z.string().nullable(),
  buyer_note: z.string().nullable(),
});
export type DigitalItem = z.output<typeof digitalItem>;

/** POST /api/donation-link/hide_digital_item/{id}: the item and whether it is now hidden. */
export const hiddenItem = z.object({ id: z.string(), hidden: z.boolean() });
