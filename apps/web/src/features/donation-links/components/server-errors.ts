import { LINK_MESSAGES } from '@sente/contracts/messages';

export type DonationFormField = 'title' | 'description' | 'beneficiary' | 'type' | 'target' | 'image' | 'extra_fields';

/** The server's validation messages come from contracts, so each can be put back beside its field. */
const FIELD_OF_MESSAGE = new Map<string, DonationFormField>([
  [LINK_MESSAGES.titleMissing, 'title'],
  [LINK_MESSAGES.visibilityInvalid, 'type'],
  [LINK_MESSAGES.amountInvalid, 'target'],
  [LINK_MESSAGES.amountWhole, 'target'],
  [LINK_MESSAGES.amountTooLarge, 'target'],
  [LINK_MESSAGES.invalidFilePath, 'image'],
  [LINK_MESSAGES.labelMissing, 'extra_fields'],
  [LINK_MESSAGES.extraFieldOptionsMissing, 'extra_fields'],
  [LINK_MESSAGES.extraFieldTypeInvalid, 'extra_fields'],
]);

/** Splits the server's `errors` into field errors and the rest (shown above the save button). */
export function placeServerErrors(errors: string[]) {
  const fields: Partial<Record<DonationFormField, string>> = {};
  const other: string[] = [];
  for (const message of errors) {
    const field = FIELD_OF_MESSAGE.get(message);
    if (field && !fields[field]) fields[field] = message;
    else if (!field) other.push(message);
  }
  return { fields, other };
}
