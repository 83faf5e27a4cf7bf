import { PAYMENT_MESSAGES, PAYOUT_FAILURES } from '@sente/contracts/payments';

/**
 * The codes MTN answers with HTTP 500 when our own setup is wrong, not the payer's account, per MTN's common errors
 * page (momodevelopercommunity.mtn.com/errors-46/momo-api-common-errors-82): NOT_ALLOWED (the API user is restricted), NOT_ALLOWED_TARGET_ENVIRONMENT,
 * INVALID_CALLBACK_URL_HOST (not the host registered for the API user), INVALID_CURRENCY. Asking again cannot help, so
 * they are final refusals (ProviderSetupError), never retried and never read as "accepted".
 */
export const MTN_SETUP_CODES: ReadonlySet<string> = new Set([
  'NOT_ALLOWED',
  'NOT_ALLOWED_TARGET_ENVIRONMENT',
  'INVALID_CALLBACK_URL_HOST',
  'INVALID_CURRENCY',
]);

/**
 * MTN's reason (or refusal code) for a payment, as the payer reads it, for each reason MTN documents: the mtn-momo
 * SDK's FailureReason, and MTN's reasons page (momodeveloper.mtn.com/content/html_widgets/TEcUW.html), which gives
 * COULD_NOT_PERFORM_TRANSACTION as the payer not approving within the 5 minutes given, and INTERNAL_PROCESSING_ERROR as
 * a generic code (mostly, not always, the payer's funds: so the generic "declined").
 */
export function paymentMessage(code: string | null): string {
  switch (code) {
    case 'NOT_ENOUGH_FUNDS':
      return PAYMENT_MESSAGES.insufficientBalance;
    case 'APPROVAL_REJECTED':
    case 'TRANSACTION_CANCELED':
      return PAYMENT_MESSAGES.declinedOnPhone;
    case 'EXPIRED':
    case 'PAYMENT_NOT_APPROVED':
    case 'COULD_NOT_PERFORM_TRANSACTION':
      return PAYMENT_MESSAGES.expired;
    case 'PAYER_NOT_FOUND':
      return PAYMENT_MESSAGES.notRegistered;
    case 'PAYER_LIMIT_REACHED':
      return PAYMENT_MESSAGES.limitReached;
    default:
      return PAYMENT_MESSAGES.providerDeclined;
  }
}

/** MTN's reason (or refusal code) for a payout, as the merchant reads it on the transfer. */
export function payoutMessage(code: string | null): string {
  switch (code) {
    case 'PAYEE_NOT_FOUND':
      return PAYOUT_FAILURES.notRegistered;
    // Our disbursement account short of money, or (as MTN's reasons page allows) the receiver's account at its limit.
    case 'NOT_ENOUGH_FUNDS':
      return PAYOUT_FAILURES.fundsOrLimit;
    case 'PAYEE_NOT_ALLOWED_TO_RECEIVE':
    case 'PAYEE_LIMIT_REACHED':
    case 'PAYER_LIMIT_REACHED':
      return PAYOUT_FAILURES.limitReached;
    default:
      return PAYOUT_FAILURES.refused;
  }
}
