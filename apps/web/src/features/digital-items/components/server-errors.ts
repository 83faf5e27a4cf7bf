import { LINK_MESSAGES } from '@sente/contracts/messages';
import type { ItemFormValues } from './item-form-values.ts';

/** Which field of this form each server message belongs to (see lib/server-errors.ts). */
export const FIELD_OF_MESSAGE = new Map<string, keyof ItemFormValues>([
  [LINK_MESSAGES.productTitleMissing, 'title'],
  [LINK_MESSAGES.productDescriptionMissing, 'description'],
  [LINK_MESSAGES.productPriceMissing, 'price'],
  [LINK_MESSAGES.amountInvalid, 'price'],
  [LINK_MESSAGES.amountWhole, 'price'],
  [LINK_MESSAGES.amountNegative, 'price'],
  [LINK_MESSAGES.amountTooLarge, 'price'],
  [LINK_MESSAGES.productImageMissing, 'image'],
  [LINK_MESSAGES.invalidImageType, 'image'],
  [LINK_MESSAGES.productFileMissing, 'file'],
  [LINK_MESSAGES.categoryInvalid, 'category'],
  [LINK_MESSAGES.visibilityInvalid, 'type'],
  [LINK_MESSAGES.labelMissing, 'extra_fields'],
  [LINK_MESSAGES.extraFieldOptionsMissing, 'extra_fields'],
  [LINK_MESSAGES.extraFieldTypeInvalid, 'extra_fields'],
]);
