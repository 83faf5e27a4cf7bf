import { LINK_MESSAGES } from '@sente/contracts/messages';

export type FormField = 'title' | 'description' | 'amount' | 'redirect_url' | 'extra_fields';

/** The server's validation messages come from contracts, so each can be put back beside its field. */
const FIELD_OF_MESSAGE = new Map<string, FormField>([
  [LINK_MESSAGES.titleMissing, 'title'],
  [LINK_MESSAGES.priceMissing, 'amount'],
  [LINK_MESSAGES.amountInvalid, 'amount'],
  [LINK_MESSAGES.amountWhole, 'amount'],
  [LINK_MESSAGES.amountTooLarge, 'amount'],
  [LINK_MESSAGES.redirectUrlInvalid, 'redirect_url'],
  [LINK_MESSAGES.labelMissing, 'extra_fields'],
  [LINK_MESSAGES.extraFieldOptionsMissing, 'extra_fields'],
  [LINK_MESSAGES.extraFieldTypeInvalid, 'extra_fields'],
]);

/** Splits the server's `errors` into field errors and the rest (shown above the save button). */
export function placeServerErrors(errors: string[]) {
  const fields: Partial<Record<FormField, string>> = {};
  const other: string[] = [];
  for (const message of errors) {
    const field = FIELD_OF_MESSAGE.get(message);
    if (field && !fields[field]) fields[field] = message;
    else if (!field) other.push(message);
  }
  return { fields, other };
}
