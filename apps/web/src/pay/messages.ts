/** The customer pages' own words that are not the API's (the API's are PAYMENT_MESSAGES in the contract). */
export const PAGE_TEXT = {
  offline: 'We could not reach Sente. Check your internet connection and try again.',
  stillChecking: 'We could not check the payment just now. Still trying…',
  loadFailed: 'This page could not load',
  notFoundTitle: 'Payment page not found',
  unavailableTitle: 'Not taking payments',
  failedTitle: 'Payment failed',
  failedFallback: 'The payment did not go through. No money was taken.',
  testMode: 'TEST MODE — no real money moves',
  redirecting: 'Taking you back to the merchant in a few seconds…',
} as const;
