/** The customer pages' own words that are not the API's (the API's are PAYMENT_MESSAGES in the contract). */
export const PAGE_TEXT = {
  offline: 'We could not reach Sente. Check your internet connection and try again.',
  stillChecking: 'We could not check the payment just now. Still trying…',
  loadFailed: 'This page could not load',
  notFoundTitle: 'Payment page not found',
  unavailableTitle: 'Not taking payments',
  failedTitle: 'Payment failed',
  failedFallback: 'The payment did not go through. No money was taken.',
  cancelledTitle: 'Payment cancelled',
  startAgain: 'Start again',
  cancelFailed: 'We could not cancel the payment just now. Check your connection and try again.',
  noPrompt: 'No prompt on your phone? Try another number, or cancel.',
  anotherNumber: 'The payment was cancelled. Enter another number.',
  waitLimit: (minutes: number) =>
    `We wait up to ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} for your approval; after that the payment is cancelled and no money is taken.`,
  testMode: 'TEST MODE — no real money moves',
  continueTo: (merchant: string) => `Continue to ${merchant}`,
  redirectingIn: (merchant: string, seconds: number) =>
    `Taking you back to ${merchant} in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  stayHere: 'Stay on this page',
  stayed: 'You stay here until you continue: keep your receipt first if you need it.',
  emailHintOptional: 'Optional: your receipt is sent here.',
  emailHintCard: 'Required for card payments: your receipt is sent here.',
  emailHintDownload: 'Required: your receipt and the download link are sent here, so you keep it after closing this page.',
  downloadEmailed: (email: string) => `We also sent the download link to ${email}, so you can download it later.`,
} as const;
