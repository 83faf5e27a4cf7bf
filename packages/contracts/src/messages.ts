/**
 * Every user-facing message, once. Spec §5 and §8 strings are reproduced exactly
 * (including their spelling and trailing spaces); the rest are ours.
 */
export const MESSAGES = {
  // spec §5: sign up
  allFieldsRequired: 'All Fields are required',
  acceptTerms: 'Please accept the terms and conditions by clicking the checkbox',
  passwordWeak:
    'Password must have a number, a special character (e.g @,#, etc), a capital letter, and at least 8 characters long',
  // spec §5: sign in
  emailRequired: 'Email is Required',
  passwordRequired: 'Password is Required',
  // spec §5: verify account
  otpRequired: 'OTP is Required',
  // spec §5: reset password
  passwordMismatch: 'Password confirmation does not match',
  resetPasswordWeak: 'Password must have a number, a special character, and atleast 8 characters long',
  invalidOtp: 'Invalid OTP',
  // spec §5: accounts and profile
  accountNameMissing: 'Account name is missing',
  invalidPhone: 'Invalid phone number. Must be 10-15 digits long.',
  // spec §2 and §8 toasts
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
  codeFormat: 'The code must be 6 digits',
  resendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code`,
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
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

  // spec §2: shell and dashboard
  changeModeTo: (mode: string) => `Change mode to ${mode}`,
  noCollectionsYet: 'No Collections Yet!',
} as const;
