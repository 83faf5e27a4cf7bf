import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { businessDetailsInput, complianceFileInput, createAccountInput, updateProfileInput } from './accounts.ts';
import { signUpInput } from './auth.ts';
import { digitalItemInput, donationLinkInput, paymentLinkInput, redirectionForm } from './links.ts';
import { payInput, refundInput } from './payments-input.ts';
import { TEXT_LIMITS, type TextLimit } from './text-limits.ts';
import {
  bankDetailsInput,
  p2pInput,
  payoutInput,
  settlementInput,
  transferForm,
  verifyAccountNumberInput,
} from './transfers-input.ts';

/** Every text field with a limit, and the schema that takes it: one character over says how long it may be. */
const FIELDS: [string, z.ZodType, string[], TextLimit][] = [
  ['createAccountInput', createAccountInput, ['account_name'], TEXT_LIMITS.accountName],
  ['updateProfileInput', updateProfileInput, ['firstname'], TEXT_LIMITS.firstName],
  ['updateProfileInput', updateProfileInput, ['lastname'], TEXT_LIMITS.lastName],
  ['signUpInput', signUpInput, ['firstname'], TEXT_LIMITS.firstName],
  ['signUpInput', signUpInput, ['lastname'], TEXT_LIMITS.lastName],
  ['businessDetailsInput', businessDetailsInput, ['business_name'], TEXT_LIMITS.businessName],
  ['businessDetailsInput', businessDetailsInput, ['city'], TEXT_LIMITS.city],
  ['businessDetailsInput', businessDetailsInput, ['address_1'], TEXT_LIMITS.address1],
  ['businessDetailsInput', businessDetailsInput, ['address_2'], TEXT_LIMITS.address2],
  ['complianceFileInput', complianceFileInput, ['other_name'], TEXT_LIMITS.otherDocumentName],
  ['paymentLinkInput', paymentLinkInput, ['title'], TEXT_LIMITS.linkTitle],
  ['paymentLinkInput', paymentLinkInput, ['description'], TEXT_LIMITS.linkDescription],
  ['donationLinkInput', donationLinkInput, ['title'], TEXT_LIMITS.linkTitle],
  ['donationLinkInput', donationLinkInput, ['beneficiary'], TEXT_LIMITS.beneficiary],
  ['redirectionForm', redirectionForm, ['redirect_url'], TEXT_LIMITS.redirectUrl],
  ['digitalItemInput', digitalItemInput, ['title'], TEXT_LIMITS.productTitle],
  ['digitalItemInput', digitalItemInput, ['description'], TEXT_LIMITS.productDescription],
  ['digitalItemInput', digitalItemInput, ['seller_note'], TEXT_LIMITS.sellerNote],
  ['digitalItemInput', digitalItemInput, ['buyer_note'], TEXT_LIMITS.buyerNote],
  ['p2pInput', p2pInput, ['reason'], TEXT_LIMITS.transferReason],
  ['settlementInput', settlementInput, ['reason'], TEXT_LIMITS.transferReason],
  ['payoutInput', payoutInput, ['narrative'], TEXT_LIMITS.transferReason],
  ['transferForm', transferForm(1000), ['reason'], TEXT_LIMITS.transferReason],
  ['verifyAccountNumberInput', verifyAccountNumberInput, ['sente_account_number'], TEXT_LIMITS.walletAccountNumber],
  ['bankDetailsInput', bankDetailsInput, ['bank_name'], TEXT_LIMITS.bankName],
  ['bankDetailsInput', bankDetailsInput, ['account_number'], TEXT_LIMITS.bankAccountNumber],
  ['bankDetailsInput', bankDetailsInput, ['account_name'], TEXT_LIMITS.bankAccountName],
  ['payInput', payInput, ['names'], TEXT_LIMITS.payerNames],
  ['refundInput', refundInput, ['reason'], TEXT_LIMITS.refundReason],
];

describe('a text too long says how long it may be, never that it is missing', () => {
  // A loop rather than it.each: Vitest would format every row's zod schema into the test's name.
  for (const [name, schema, path, limit] of FIELDS) {
    it(`${name}.${path.join('.')}`, () => {
      const body: Record<string, unknown> = { file_name: 'Other', extra_fields: [] };
      body[path[0]!] = 'a'.repeat(limit.max + 1);
      const issues = schema.safeParse(body).error?.issues.filter((issue) => issue.path.join('.') === path.join('.'));
      expect(issues?.map((issue) => issue.message)).toEqual([limit.tooLong]);
      expect(limit.tooLong).toMatch(new RegExp(`at most ${limit.max.toLocaleString('en-US')} characters$`));
    });
  }

  it('names the field as its form labels it, with the limit written for people', () => {
    expect(TEXT_LIMITS.linkTitle.tooLong).toBe('Title must be at most 150 characters');
    expect(TEXT_LIMITS.productDescription.tooLong).toBe('Product description must be at most 5,000 characters');
  });

  it('takes a value of exactly the limit', () => {
    const title = 'a'.repeat(TEXT_LIMITS.linkTitle.max);
    expect(paymentLinkInput.safeParse({ title, fixed_amount: false }).success).toBe(true);
  });
});
