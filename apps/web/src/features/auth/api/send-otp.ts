import type { sendOtpBody, sendOtpResult } from '@hatid/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type SendOtpInput = z.output<typeof sendOtpBody>;
export type SendOtpResult = z.output<typeof sendOtpResult>;

/** Texts a 6-digit code to the number; 429 when asked too often. */
export function sendOtp(input: SendOtpInput): Promise<SendOtpResult> {
  return api.post<SendOtpResult>('/sms/sendOtp', input);
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
