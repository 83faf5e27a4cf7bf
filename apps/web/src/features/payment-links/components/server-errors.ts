import { LINK_MESSAGES } from '@sente/contracts/messages';

export type FormField = 'title' | 'description' | 'amount' | 'redirect_url' | 'extra_fields' | 'attachments';

/** Which field of this form each server message belongs to (see lib/server-errors.ts). */
export const FIELD_OF_MESSAGE = new Map<string, FormField>([
  [LINK_MESSAGES.titleMissing, 'title'],
  [LINK_MESSAGES.priceMissing, 'amount'],
  [LINK_MESSAGES.amountInvalid, 'amount'],
  [LINK_MESSAGES.amountWhole, 'amount'],
  [LINK_MESSAGES.amountNegative, 'amount'],
  [LINK_MESSAGES.amountTooLarge, 'amount'],
  [LINK_MESSAGES.redirectUrlInvalid, 'redirect_url'],
  [LINK_MESSAGES.labelMissing, 'extra_fields'],
  [LINK_MESSAGES.extraFieldOptionsMissing, 'extra_fields'],
  [LINK_MESSAGES.extraFieldTypeInvalid, 'extra_fields'],
  [LINK_MESSAGES.attachmentNotUploaded, 'attachments'],
  [LINK_MESSAGES.tooManyAttachments, 'attachments'],
]);
