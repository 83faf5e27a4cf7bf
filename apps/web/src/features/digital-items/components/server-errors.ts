import { LINK_MESSAGES } from '@sente/contracts/messages';
import type { ItemFormErrors, ItemFormValues } from './item-form-values.ts';

/** The server's validation messages come from contracts, so each can be put back beside its field. */
const FIELD_OF_MESSAGE = new Map<string, keyof ItemFormValues>([
  [LINK_MESSAGES.productTitleMissing, 'title'],
  [LINK_MESSAGES.productDescriptionMissing, 'description'],
  [LINK_MESSAGES.productPriceMissing, 'price'],
  [LINK_MESSAGES.amountInvalid, 'price'],
  [LINK_MESSAGES.amountWhole, 'price'],
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

/** Splits the server's `errors` into field errors and the rest (shown above the save button). */
export function placeServerErrors(errors: string[]) {
  const fields: ItemFormErrors = {};
  const other: string[] = [];
  for (const message of errors) {
    const field = FIELD_OF_MESSAGE.get(message);
    if (field && !fields[field]) fields[field] = message;
    else if (!field) other.push(message);
  }
  return { fields, other };
}
