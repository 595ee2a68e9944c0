import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// Apart from sign-in-flow.ts, which the app's header imports (signing out clears the flow): a message there
// would be the auth area's in a module every page loads (src/i18n/route-areas.test.ts).

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
