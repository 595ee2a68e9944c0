import { TRACKING_NUMBER_MESSAGE } from '../tracking-number/checks.js';
import { VALIDATION_MESSAGES } from '../validation/messages.js';

/**
 * Stable codes for the server's error messages (issue 32): an error body and each of its `details` carry
 * `reason` (and `params` when the text has numbers or names in it) beside the English `message`, so the web app
 * shows the sentence in the reader's language (apps/web/src/i18n/server-messages.ts) while API clients keep
 * reading `message`. The top-level `code` stays the kind of failure (VALIDATION_FAILED, RATE_LIMITED…).
 *
 * A fixed English text listed here gets its reason wherever the server says it (plugins/errors.ts looks the
 * message up), request validation included; a text with parameters is thrown with its reason and params
 * (`new AppError(code, message, details, { reason, params })`). Add a reason here, then its message in the web
 * app's table: a test fails until both languages have it.
 */
export const FIXED_REASONS = {
  'auth.code_expired_or_used': 'This code has expired or was already used. Please request a new one.',
  'auth.code_too_many_wrong': 'Too many wrong codes. Please request a new code.',
  'auth.codes_too_many_for_number': 'Too many codes requested for this number. Please try again in an hour.',
  'auth.codes_too_many_from_network': 'Too many codes requested from this network. Please try again later.',
  'auth.wrong_email_or_password': 'Email or password is incorrect',
  'auth.account_not_active': 'This account is not active. Please contact support.',
  'auth.sign_in_to_continue': 'Please sign in to continue',
  'auth.registration_expired': 'Your verification has expired. Please verify your mobile number again.',
  'auth.mobile_number_taken': 'This mobile number already has an account',
  'auth.email_taken': 'This email is already used by another account',
  'auth.agent_code_unknown': 'This agent code does not exist',
  'auth.invitation_invalid': 'This invitation link is invalid or has expired',
  'riders.not_a_rider': 'This number is not registered to a rider. Ask your hub to add you as a rider.',
  'riders.account_not_active': 'This account is not active. Please contact your hub.',
  'tracking.typo': TRACKING_NUMBER_MESSAGE,
  'tracking.wrong_last4': 'These are not the last 4 digits of the mobile number this parcel is for',
  'validation.name': VALIDATION_MESSAGES.name,
  'validation.mobile_number': VALIDATION_MESSAGES.mobileNumber,
  'validation.email': 'Enter a valid email address',
  'validation.decimals': VALIDATION_MESSAGES.decimals,
  'validation.scientific': VALIDATION_MESSAGES.scientific,
  'validation.integer': VALIDATION_MESSAGES.integer,
  'validation.max_text': VALIDATION_MESSAGES.maxText,
  'validation.web_address': VALIDATION_MESSAGES.webAddress,
  'server.internal': 'Something went wrong on our side. Please try again.',
} as const;

/** Reasons whose English text has parameters: the thrower passes `params` with these names. */
export const PARAM_REASONS = {
  /** params: { left } — wrong code, tries left. */
  'auth.code_wrong_tries_left': 'The code is incorrect. {left} tries left.',
  /** params: { seconds } — a new code asked for too soon. */
  'auth.code_wait': 'Please wait {seconds} seconds before asking for a new code',
  /*
   * The plain messages of forms (validation/plain-errors.ts plainErrorOf): `field` is the field's English words
   * ("first name", "city or municipality"), `article` "a" or "an" before it, `min`/`max` the bound.
   */
  'validation.enter': 'Enter the {field}',
  'validation.choose': 'Choose {article} {field}',
  'validation.enter_valid': 'Enter a valid {field}',
  'validation.choose_from_list': 'Choose {article} {field} from the list',
  'validation.min_length': 'The {field} must be at least {min} characters',
  'validation.max_length': 'The {field} must be at most {max} characters',
  'validation.add_one': 'Add at least one {field}',
  'validation.add_at_least': 'Add at least {min} {field}',
  'validation.at_least': 'Value must be at least {min}',
  'validation.more_than': 'Value must be more than {min}',
  'validation.at_most': 'Value must not exceed {max}',
  'validation.less_than': 'Value must be less than {max}',
} as const;

export type ErrorReason = keyof typeof FIXED_REASONS | keyof typeof PARAM_REASONS;
export type ErrorParams = Record<string, string | number>;

const BY_MESSAGE = new Map<string, ErrorReason>(Object.entries(FIXED_REASONS).map(([reason, message]) => [message, reason as ErrorReason]));

/** The reason of a fixed English message, or undefined when it has none yet. */
export const reasonOfMessage = (message: string): ErrorReason | undefined => BY_MESSAGE.get(message);

/** Every reason, for the web app's check that each one reads in both languages. */
export const ERROR_REASONS: readonly ErrorReason[] = [...Object.keys(FIXED_REASONS), ...Object.keys(PARAM_REASONS)] as ErrorReason[];
