import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorParams, ErrorReason } from '@hatid/domain';

/** Messages the web app itself says about a call (no answer, an answer without a reason). */
export type ClientReason = 'client.network' | 'client.unknown';

/**
 * The server's error messages in the reader's language, by their stable reason (domain errors/reasons.ts). A
 * `Record` over every reason: a reason added on the server without its message here fails `npm run typecheck`.
 * Parameters are named as the server sends them in `params` (ICU: `{left, plural, …}`).
 */
const MESSAGES: Record<ErrorReason | ClientReason, MessageDescriptor> = {
  'auth.code_expired_or_used': msg`This code has expired or was already used. Please request a new one.`,
  'auth.code_too_many_wrong': msg`Too many wrong codes. Please request a new code.`,
  'auth.codes_too_many_for_number': msg`Too many codes requested for this number. Please try again in an hour.`,
  'auth.codes_too_many_from_network': msg`Too many codes requested from this network. Please try again later.`,
  'auth.wrong_email_or_password': msg`Email or password is incorrect`,
  'auth.account_not_active': msg`This account is not active. Please contact support.`,
  'auth.sign_in_to_continue': msg`Please sign in to continue`,
  'auth.registration_expired': msg`Your verification has expired. Please verify your mobile number again.`,
  'auth.mobile_number_taken': msg`This mobile number already has an account`,
  'auth.email_taken': msg`This email is already used by another account`,
  'auth.agent_code_unknown': msg`This agent code does not exist`,
  'auth.invitation_invalid': msg`This invitation link is invalid or has expired`,
  'auth.code_wrong_tries_left': msg({ message: 'The code is incorrect. {left, plural, one {# try} other {# tries}} left.' }),
  'auth.code_wait': msg({ message: 'Please wait {seconds, plural, one {# second} other {# seconds}} before asking for a new code' }),
  'riders.not_a_rider': msg`This number is not registered to a rider. Ask your hub to add you as a rider.`,
  'riders.account_not_active': msg`This account is not active. Please contact your hub.`,
  'tracking.typo': msg`Check the tracking number: it has a typo`,
  'tracking.wrong_last4': msg`These are not the last 4 digits of the mobile number this parcel is for`,
  'validation.name': msg`Name may contain only letters, spaces, commas, periods, apostrophes and hyphens`,
  'validation.mobile_number': msg`Enter a valid Philippine mobile number, e.g. 0917 123 4567`,
  'validation.email': msg`Enter a valid email address`,
  'validation.decimals': msg`Value must have at most 2 decimal places`,
  'validation.scientific': msg`Scientific notation is not allowed`,
  'validation.integer': msg`Value must be a whole number`,
  'validation.max_text': msg`Text must be at most 1024 characters`,
  'validation.web_address': msg`Enter a valid web address`,
  // The forms' plain messages: {field} is the field's name in the reader's language (form-resolver.ts).
  'validation.enter': msg({ message: 'Enter the {field}' }),
  'validation.choose': msg({ message: 'Choose {article} {field}' }),
  'validation.enter_valid': msg({ message: 'Enter a valid {field}' }),
  'validation.choose_from_list': msg({ message: 'Choose {article} {field} from the list' }),
  'validation.min_length': msg({ message: 'The {field} must be at least {min} characters' }),
  'validation.max_length': msg({ message: 'The {field} must be at most {max} characters' }),
  'validation.add_one': msg({ message: 'Add at least one {field}' }),
  'validation.add_at_least': msg({ message: 'Add at least {min} {field}' }),
  'validation.at_least': msg({ message: 'Value must be at least {min}' }),
  'validation.more_than': msg({ message: 'Value must be more than {min}' }),
  'validation.at_most': msg({ message: 'Value must not exceed {max}' }),
  'validation.less_than': msg({ message: 'Value must be less than {max}' }),
  'server.internal': msg`Something went wrong on our side. Please try again.`,
  'client.network': msg`Cannot reach Hatid. Check your connection and try again.`,
  'client.unknown': msg`Something went wrong. Please try again.`,
};

/** The reasons the web app can say in both languages (the check that every server reason has one reads this). */
export const TRANSLATED_REASONS = Object.keys(MESSAGES);

/** A server (or client) message in the reader's language; the English text when its reason is unknown here. */
export function translateReason(reason: string | undefined, params: ErrorParams | undefined, english: string): string {
  const descriptor = reason ? MESSAGES[reason as ErrorReason | ClientReason] : undefined;
  if (!descriptor) return english;
  // Not `i18n._({ ...descriptor })`: the extractor reads every i18n._ call's object as a message of its own.
  const { id, message } = descriptor;
  return i18n._(id, params, { message });
}
