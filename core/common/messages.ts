/** User-visible texts of the spec (§8, §5). Each lives here once and is imported where shown. */
export const Messages = {
  sessionExpired: 'Your Session has expired. Please try to login again.',
  errorEncountered: 'Error encountered',
  genericServerError: 'Sorry, something went wrong on our end. Please try again.',
  subscriptionProblem:
    'There was a problem validating your subscription. Please speak to the Civic team.',
  loginFailed: 'Incorrect Email Address/Password',
  dismissalReasonRequired: 'Dismissal reason is required',
  inputDismissalReason: 'Please input dismissal reason',
  only20Characters: 'Only 20 characters allowed',
  only50Characters: 'Only 50 characters allowed',
  invalidEmail: 'Please enter a valid email address',
  passwordComplexity: 'Password does not meet complexity requirements',
  passwordLength: 'Password needs to be at least 12 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordUnsupportedCharacters:
    'Sorry, the password contains unsupported character(s) and is not valid.',
  passwordSameAsOld: 'New password cannot be the same as old password',
  emailExists: 'Email-id already exist. Please use different email-id.',
  invalidAgencyName: 'Please input valid agency name',
  invalidUrl: 'Please input valid URL',
  invalidHttpsUrl: 'Please input valid URL with https',
  otpResent: 'A new OTP has been sent to you.',
  wrongOtp: 'Please input the correct OTP.',
  channelWithoutResponses: 'There is a channel with no responses.',
  createOneResponse: 'Please create at least one response.',
  resetLinkExpired: 'Password reset link has expired. Please request for a new link.',
  customPayloadError: 'This is an error in the Custom Payload. Please rectify and save again.',
  confirmDelete: 'Are you sure you want to delete this?',
  confirmResetPassword: 'Are you sure you want to reset this password?',
  unsavedChanges: 'Are you sure you want to navigate away from this page without saving it?',
  loading: 'Please wait while the data is getting loaded',
  notFound: 'Not found',
  forbidden: 'You do not have access to this.',
  unauthenticated: 'Please sign in to continue.',
  invalidRequest: 'The request is not valid.',
  externalEngineHandlers:
    'An external-engine app needs both a Q&A handler and a dialog handler.',
  thresholdRange: 'Confidence threshold must be a number from 0 to 1',
  saved: 'Saved',
} as const;

export type MessageKey = keyof typeof Messages;
