// Kept apart from the schemas, and importing nothing: the forms and the payer's page read these at run time, and a
// module that builds zod schemas would load zod with them (decisions 049 and 050).

/**
 * A text field's limit: the most characters it takes, and what a longer value is told. Each names its field and its
 * limit (a too-long title was once told "Title is missing").
 */
export type TextLimit = { readonly max: number; readonly tooLong: string };

/** "Title must be at most 150 characters". Free of side effects, so a bundle keeps only the limits it reads. */
/* @__NO_SIDE_EFFECTS__ */
export function textLimit(field: string, max: number): TextLimit {
  return { max, tooLong: `${field} must be at most ${max.toLocaleString('en-US')} characters` };
}

/** The payer's page's fields, apart from the rest: that page loads only these (its JS budget, bench/js-budget.test.ts). */
export const PAYER_TEXT_LIMITS = {
  names: textLimit('Names', 150),
  /** What a payer types into a link's extra field. */
  extraFieldAnswer: textLimit('An answer', 2000),
} as const satisfies Record<string, TextLimit>;

/**
 * Every limit on a text field a person types, once: the schemas refuse a longer value with its message, and the forms
 * give their inputs the same `maxLength`. A field is named as its form labels it.
 */
export const TEXT_LIMITS = {
  accountName: textLimit('Account name', 120),
  firstName: textLimit('First name', 100),
  lastName: textLimit('Last name', 100),
  businessName: textLimit('Business name', 150),
  city: textLimit('City', 100),
  address1: textLimit('Address 1', 200),
  address2: textLimit('Address 2', 200),
  otherDocumentName: textLimit("The document's name", 120),
  linkTitle: textLimit('Title', 150),
  linkDescription: textLimit('Description', 2000),
  beneficiary: textLimit('Beneficiary', 150),
  redirectUrl: textLimit('Redirect URL', 2000),
  extraFieldLabel: textLimit('A field label', 100),
  extraFieldOption: textLimit('An option', 100),
  productTitle: textLimit('Product title', 150),
  productDescription: textLimit('Product description', 5000),
  sellerNote: textLimit('Seller note', 2000),
  buyerNote: textLimit('Buyer note', 2000),
  transferReason: textLimit('Reason', 500),
  walletAccountNumber: textLimit('Account number', 40),
  bankName: textLimit('Bank name', 120),
  bankAccountNumber: textLimit('Account number', 40),
  bankAccountName: textLimit('Account name', 150),
  payerNames: PAYER_TEXT_LIMITS.names,
  extraFieldAnswer: PAYER_TEXT_LIMITS.extraFieldAnswer,
  /** Worded as it was published before the other limits were. */
  refundReason: { max: 500, tooLong: 'The reason can be at most 500 characters' },
} as const satisfies Record<string, TextLimit>;
