/**
 * What a provider's answer means for our rows, whoever brought it (the worker's status check, a callback, an expiry):
 * the payments module settles a collection with a PaymentOutcome, the wallet completes a settlement or payout with a
 * TransferOutcome. They live here so that payments, wallet and the provider code share them without importing each
 * other.
 */

/** A provider's report; `completedAt` is when the payment completed (now unless the report says), its reports day. */
export type PaymentOutcome = {
  status: 'successful' | 'failed';
  message: string | null;
  providerReference?: string;
  completedAt?: Date;
  /**
   * A failure decided here, not by the provider (an expiry, the payer's cancel): when a live provider is to be asked
   * about it once more, in case the payer approved it after all (late checks, decision 033). Ignored for the simulator.
   */
  lateCheckAt?: Date;
};

/** A settlement or payout: paid, or refused with the reason the merchant reads (the held money returns). */
export type TransferOutcome = { paid: true } | { paid: false; reason: string };
