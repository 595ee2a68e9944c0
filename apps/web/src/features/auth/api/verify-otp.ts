import type { VerifyOtpResult, verifyOtpBody } from '@hatid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

export type VerifyOtpInput = z.output<typeof verifyOtpBody>;

/** Signs a known number in (the server sets the session cookie) or hands back a registration token. */
export function verifyOtp(input: VerifyOtpInput): Promise<VerifyOtpResult> {
  return api.post<VerifyOtpResult>('/sms/verifyOtp', input);
}

export function useVerifyOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyOtp,
    onSuccess: (result) => {
      if (result.status === 'signed_in') queryClient.setQueryData(meQueryKey, result.user);
    },
  });
}
