import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What the sign-in steps hand to each other (number, registration token, names). Kept in session storage
 * so a reload on any step keeps the person's progress, and it is gone when the tab closes.
 */
export interface SignInFlow {
  mobileNumber?: string;
  otpSentAt?: number;
  resendAfterSeconds?: number;
  registrationToken?: string;
  firstName?: string;
  lastName?: string;
}

const KEY = 'hatid.sign-in';

/**
 * The steps of the mobile-number flow as someone new meets them: number, code, name, details. A returning
 * customer is signed in after the code, so for them the flow simply ends early; counting only the two
 * steps they see would tell a newcomer "Step 2 of 2" with two screens still to come.
 */
const SIGN_IN_STEP_COUNT = 4;

/** "Step 2 of 4", said while rendering (`i18n._(signInStep(2))`) so it follows the language. */
export function signInStep(step: 1 | 2 | 3 | 4): MessageDescriptor {
  const total = SIGN_IN_STEP_COUNT;
  return msg`Step ${step} of ${total}`;
}

export function readSignInFlow(): SignInFlow {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as SignInFlow) : {};
  } catch {
    return {};
  }
}

export function updateSignInFlow(patch: Partial<SignInFlow>): SignInFlow {
  const next = { ...readSignInFlow(), ...patch };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage can be unavailable (private mode quotas); the flow still works within this page.
  }
  return next;
}

export function clearSignInFlow(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
