import type { z } from 'zod';
import type { emailVerificationResendResult, emailVerificationResult } from '@hatid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

/** POST /users/email-verification: the token of the link sent to the email; works signed out. */
export function confirmEmail(token: string): Promise<z.infer<typeof emailVerificationResult>> {
  return api.post('/users/email-verification', { token });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // When the person is signed in here, the profile shows the confirmed email at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/** POST /users/email-verification/resend: the link again (pending email, else the unconfirmed own email). */
export function resendEmailLink(): Promise<z.infer<typeof emailVerificationResendResult>> {
  return api.post('/users/email-verification/resend', {});
}

export function useResendEmailLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEmailLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
