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
