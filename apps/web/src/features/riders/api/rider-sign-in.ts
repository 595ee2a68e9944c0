import type { sendOtpResult, UserDto } from '@hatid/domain';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const meQueryKey = ['users', 'me'] as const;
type SendOtpResult = z.output<typeof sendOtpResult>;

/** POST /sms/sendOtpRider: a code to a rider's number (422 when the number is not a rider's). */
export function sendRiderOtp(mobileNumber: string): Promise<SendOtpResult> {
  return api.post<SendOtpResult>('/sms/sendOtpRider', { mobileNumber });
}

/** GET /sms/verifyOtp/rider: checks the code and signs the rider in (the server sets the session cookie). */
export function verifyRiderOtp(mobileNumber: string, otp: string): Promise<UserDto> {
  return api.get<UserDto>('/sms/verifyOtp/rider', { query: { mobileNumber, otp } });
}

export function useSendRiderOtp() {
  return useMutation({ mutationFn: sendRiderOtp });
}

export function useVerifyRiderOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mobileNumber, otp }: { mobileNumber: string; otp: string }) => verifyRiderOtp(mobileNumber, otp),
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
