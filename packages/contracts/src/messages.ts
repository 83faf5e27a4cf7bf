/**
 * Every user-facing message, once. The dashboard's long-standing validation messages and toasts are reproduced exactly
 * (including their spelling and trailing spaces); the rest are ours.
 */
export const MESSAGES = {
  // Sign up
  allFieldsRequired: 'All Fields are required',
  acceptTerms: 'Please accept the terms and conditions by clicking the checkbox',
  passwordWeak:
    'Password must have a number, a special character (e.g @,#, etc), a capital letter, and at least 8 characters long',
  // Sign in
  emailRequired: 'Email is Required',
  passwordRequired: 'Password is Required',
  // Verify account
  otpRequired: 'OTP is Required',
  // Reset password
  passwordMismatch: 'Password confirmation does not match',
  resetPasswordWeak: 'Password must have a number, a special character, and atleast 8 characters long',
  invalidOtp: 'Invalid OTP',
  // Accounts and profile
  accountNameMissing: 'Account name is missing',
  invalidPhone: 'Invalid phone number. Must be 10-15 digits long.',
  phoneInUse: 'This phone number is already used by another user',
  // Toasts
  otpSent: 'OTP Sent',
  accountVerified: 'Account Verified',
  passwordHasBeenReset: 'Your password has been reset',
  profileUpdated: 'Profile Updated',
  sessionExpired: 'Session Expired. Login to continue',
  somethingWentWrong: 'Something went wrong',
  failedSomethingWentWrong: 'Failed. Something went wrong',
  copied: 'Copied',
  processing: 'Processing',
  testModeBanner: "You're currently in test mode.",
  confirmTitle: 'Confirm?',
  changeMode: 'Change mode',

  // ours: sign up, sign in and codes
  firstNameMissing: 'First name is missing',
  lastNameMissing: 'Last name is missing',
  invalidEmail: 'Enter a valid email address',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  invalidCredentials: 'Incorrect email or password',
  accountNotVerified: 'Verify your account first: we have sent a code to your email.',
  accountAlreadyVerified: 'This account is already verified. Sign in to continue.',
  loginCodeSent: 'We sent a sign-in code to your email',
  verificationCodeSent: 'We sent a verification code to your email',
  resetCodeSent: 'If an account exists for this email, we have sent it a reset code',
  codeWrong: 'The code is incorrect. Check the latest code we sent and try again.',
  codeExpired: 'This code has expired or was already used. Request a new one.',
  codeTooManyAttempts: 'Too many wrong attempts. Request a new code.',
  signInAgain: 'This sign-in can no longer be finished. Go back and sign in again.',
  codeFormat: 'The code must be 6 digits',
  resendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code`,
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  tooManyFailedAttempts: (minutes: number) =>
    `Too many failed attempts for this account. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  passwordChanged: 'Your password has been reset',
  refreshTokenInvalid: 'Your session has ended. Sign in again.',
  unauthenticated: 'Sign in to continue',
  loggedOut: 'Logged out',

  // ours: accounts and environments
  accountCreated: 'Account created',
  accountSwitched: 'Account switched',
  accountNotFound: 'Account not found',
  noCurrentAccount: 'Select or create an account first',
  environmentInvalid: 'Environment must be test or production',
  environmentNotApproved:
    'Your account is not yet approved for live payments. Complete your business details and compliance documents; we will approve it after review.',
  environmentChanged: (mode: string) => `Mode changed to ${mode}`,
  forbiddenForRole: 'Your role on this account does not allow this action',

  // ours: generic
  notFound: 'Not found',
  invalidRequest: 'The request is not valid',
  bodyNotObject: 'The request body must be a JSON object',
  /** A NUL byte or half of a UTF-16 surrogate pair: no text field may hold one. */
  invalidCharacter: (field: string) => `${field} contains a character that is not allowed`,
  invalidPathValue: 'The address holds a value that is not valid',
  pathValueTooLong: (characters: number) => `A value in the address is longer than ${characters} characters`,
  invalidJson: 'The request body is not valid JSON',
  nestedTooDeep: (levels: number) => `The request nests objects and arrays deeper than ${levels} levels`,
  /** The route's limit in MB or KB (binary units, one decimal at most): 1 MB, 16 KB. */
  bodyTooLarge: (bytes: number) => {
    const [size, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'MB'] : [bytes / 1024, 'KB'];
    return `The request body is larger than the ${Number(size.toFixed(1))} ${unit} this address accepts`;
  },
  unsupportedMediaType: 'This address does not accept a request body of this Content-Type: send it as application/json',
  bodyLengthMismatch: 'The request body is not as long as its Content-Length says',
  idempotencyKeyMismatch: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',

  // Shell and dashboard
  changeModeTo: (mode: string) => `Change mode to ${mode}`,
  noCollectionsYet: 'No Collections Yet!',
} as const;

/**
 * What the code screens say the code went by: the e-mail, and the SMS when the answer's `sms_to` names a phone. A
 * password reset's answer names no phone (it answers alike for every address, known or not), so its screen says when.
 * Their 6 is OTP_LENGTH, written out as this file imports nothing (the pages' JS budgets, bench/js-budget.test.ts).
 */
export const CODE_SENT_TEXT = {
  to: (email: string, phone: string | null) => `We sent a 6-digit code to ${email}${phone ? ` and by SMS to ${phone}` : ''}.`,
  resetBySmsToo: 'A verified phone of the account gets it by SMS too.',
} as const;

/** Messages of a payment opened from the dashboard (ours). */
export const COLLECTION_MESSAGES = {
  collectionNotFound: 'Payment not found. It may belong to another account, or to the other mode (test or live).',
  receiptResent: (email: string) => `Receipt sent again to ${email}`,
  receiptNotSuccessful: 'Only a successful payment has a receipt to send',
  receiptNoEmail: 'The payer gave no e-mail address, so there is nowhere to send a receipt',
  receiptTooSoon: (seconds: number) =>
    `A receipt of this payment was sent less than a minute ago. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  receiptNotSent: 'The receipt could not be sent. Try again in a moment.',
} as const;

/** Messages of the collection links (the digital item rules' messages reproduced exactly). */
export const LINK_MESSAGES = {
  productTitleMissing: 'Product title is missing',
  productDescriptionMissing: 'Product description is missing',
  productPriceMissing: 'Product price is missing',
  productImageMissing: 'Product image is missing',
  productFileMissing: 'Product file is missing',
  invalidImageType: 'Invalid file type. Please upload an image file.',
  imageUploadTypes: 'Only image files (jpg, jpeg, png, gif,svg, webp, avif) are allowed.',
  productFileTooLarge: (megabytes: string) =>
    `File size (${megabytes} MB) exceeds the 5MB limit. Please compress your file or use ZIP format.`,
  couldNotAccessFile: 'Could not access the uploaded file',
  couldNotValidateFile: 'Could not validate file. Please try uploading again.',
  labelMissing: 'Label is missing',
  paymentLinkSaved: 'Payment Link Saved',
  paymentLinkUpdated: 'Payment Link Updated',
  donationLinkSaved: 'Donation Link Saved',
  donationLinkUpdated: 'Donation Link Updated',
  itemAdded: 'Item Added',
  itemUpdated: 'Item Updated',
  productDeleted: 'Product deleted!',
  paymentLinkStatusUpdated: 'Payment link updated successfully! ',
  paymentLinkStatusFailed: 'Unable to change payment link status',
  disablePaymentLink: (title: string) => `Disable payment link: "${title}"?`,
  enablePaymentLink: (title: string) => `Enable payment link: "${title}"?`,
  noPaymentLinks: 'No Payment Links Yet!',
  shortenFailed: 'Failed to process shortened URL.',
  logoSaved: 'Logo saved',
  // ours
  titleMissing: 'Title is missing',
  priceMissing: 'Enter a price of at least UGX 1 for a fixed charge',
  amountInvalid: 'Enter an amount in UGX',
  amountWhole: 'UGX amounts are whole shillings, without decimals',
  amountNegative: 'The amount cannot be negative',
  amountTooLarge: 'The amount is too large',
  redirectUrlInvalid: 'Enter a redirect URL starting with http:// or https://',
  extraFieldTypeInvalid: 'Choose an input type',
  extraFieldOptionsMissing: 'Add at least one option',
  visibilityInvalid: 'Type must be public or private',
  categoryInvalid: 'Choose a category from the list',
  invalidFilePath: 'Upload the file again: that file reference is not valid',
  attachmentNotUploaded: 'Upload the attachment again: that file is not an attachment uploaded by this account',
  tooManyAttachments: 'A payment link takes at most 5 attachments',
  linkNotFound: 'Link not found',
  itemNotFound: 'Product not found',
  shortenOnlyOwnSite: 'Only links to this site can be shortened',
  invalidCursor: 'That page cursor is not valid: reload the list',
  copyFailed: (url: string) => `Your browser blocked copying. Copy the link yourself: ${url}`,
  noDonationLinks: 'No Donation Links Yet!',
  noDigitalItems: 'No Products Yet!',
  deleteDigitalItem: (title: string) => `Delete product: "${title}"?`,
  originalPriceNotHigher: 'Enter an original price higher than the sale price',
} as const;

/** Messages of the business details screen (reproduced exactly, in the form's order). */
export const BUSINESS_MESSAGES = {
  nameMissing: 'Name is missing',
  industryMissing: 'Industry is missing',
  phoneMissing: 'Phone is missing',
  emailMissing: 'Email is missing',
  countryMissing: 'Country is missing',
  cityMissing: 'City is missing',
  address1Missing: 'Address 1 is missing',
  regDateMissing: 'Registration date is missing',
  detailsUpdated: 'Details Updated',
  filesUpdated: 'Files updated',
  // ours
  fileRemoved: 'Document removed',
  fileNotFound: "That document is not one of this account's documents",
  removeFileConfirm: (name: string) => `Remove ${name} from the compliance documents?`,
  complianceHint: 'PNG, JPG, PDF up to 10MB',
  // ours
  industryInvalid: 'Choose an industry from the list',
  countryInvalid: 'Sente is available in Uganda only',
  regDateInvalid: 'Enter the registration date as a day that has passed (YYYY-MM-DD)',
  certificateNotUploaded: 'Upload the certificate again: that file is not a certificate upload of this account',
  documentNameMissing: 'Choose a document name',
  otherNameMissing: "Specify the document's name",
  documentFileMissing: 'Upload the file of each document',
  documentNotUploaded: 'Upload the document again: that file is not a certificate upload of this account',
  documentsMissing: 'Add at least one document',
  tooManyDocuments: 'Save at most 20 documents at a time',
  readOnly: 'Only the owner or an administrator of this account can change its business details, bank details and documents.',
  momoCodeInvalid: 'Enter the MoMo Pay merchant code as 4 to 10 digits, as MTN gave it',
  airtelCodeInvalid: 'Enter the Airtel Money merchant code as 4 to 10 digits, as Airtel gave it',
} as const;

/** Messages of the team screen (the invite's messages and 'Failed to remove account' reproduced exactly). */
export const TEAM_MESSAGES = {
  emailMissing: 'Email is missing',
  roleMissing: 'Role is missing',
  inviteSent: 'Invite Sent',
  removeFailed: 'Failed to remove account',
  // ours
  invalidEmail: 'Enter a valid e-mail address',
  roleInvalid: 'Choose a role from the list',
  alreadyMember: 'This e-mail already belongs to a member of this account',
  alreadyInvited: 'This e-mail has already been invited to this account; remove the invite to send a new one',
  memberRemoved: 'Member removed',
  readOnly: 'Only the owner or an administrator of this account can invite and remove members.',
  noMembers: 'No team members yet',
  removeConfirm: (email: string) => `Remove ${email} from this account?`,
  invitationInvalid: 'This invitation has run out or was withdrawn. Ask the account owner to invite you again.',
  invitationOtherEmail:
    'This invitation was sent to another e-mail address. Sign out, then sign in or sign up with the invited address to join.',
  invitationIntro: (account: string, role: string) => `You are invited to join ${account} on Sente as ${role}.`,
  invitationJoined: (account: string) => `You joined ${account}`,
} as const;
