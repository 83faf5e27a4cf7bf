import { LINK_MESSAGES } from '@sente/contracts/messages';

export type DonationFormField = 'title' | 'description' | 'beneficiary' | 'type' | 'target' | 'image' | 'extra_fields';

/** Which field of this form each server message belongs to (see lib/server-errors.ts). */
export const FIELD_OF_MESSAGE = new Map<string, DonationFormField>([
  [LINK_MESSAGES.titleMissing, 'title'],
  [LINK_MESSAGES.visibilityInvalid, 'type'],
  [LINK_MESSAGES.amountInvalid, 'target'],
  [LINK_MESSAGES.amountWhole, 'target'],
  [LINK_MESSAGES.amountNegative, 'target'],
  [LINK_MESSAGES.amountTooLarge, 'target'],
  [LINK_MESSAGES.invalidFilePath, 'image'],
  [LINK_MESSAGES.labelMissing, 'extra_fields'],
  [LINK_MESSAGES.extraFieldOptionsMissing, 'extra_fields'],
  [LINK_MESSAGES.extraFieldTypeInvalid, 'extra_fields'],
]);
