import type { VerifyPromoCodeInput, VerifyPromoCodeResult } from '@hatid/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /promo-codes/verification: is the code good for these boxes (and, signed in, for me)? */
export function verifyPromoCode(input: VerifyPromoCodeInput): Promise<VerifyPromoCodeResult> {
  return api.post<VerifyPromoCodeResult>('/promo-codes/verification', input);
}

export function useVerifyPromoCode() {
  return useMutation({ mutationFn: verifyPromoCode });
}
