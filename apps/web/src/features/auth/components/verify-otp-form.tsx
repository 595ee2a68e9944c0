import { OTP_LENGTH, verifyOtpBody, type VerifyOtpResult } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { OtpInput } from '../../../components/ui/otp-input';
import { errorMessage } from '../../../lib/api-client';
import { showFormError } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useSendOtp, type SendOtpResult } from '../api/send-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { useCountdown } from './use-countdown';

const formatSeconds = (total: number) => `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;

/** The 6-digit code step: verifies on the last digit, and offers a new code once the wait is over. */
export function VerifyOtpForm({
  mobileNumber,
  resendAt,
  onVerified,
  onResent,
}: {
  mobileNumber: string;
  resendAt: number;
  onVerified: (result: VerifyOtpResult) => void;
  onResent: (result: SendOtpResult) => void;
}) {
  const { t } = useLingui();
  const verify = useVerifyOtp();
  const resend = useSendOtp();
  const secondsLeft = useCountdown(resendAt);
  const form = useForm({ resolver: formResolver(verifyOtpBody), defaultValues: { mobileNumber, otp: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    if (verify.isPending) return;
    try {
      onVerified(await verify.mutateAsync(values));
    } catch (error) {
      form.setValue('otp', '');
      showFormError(error, form.setError, ['otp']);
    }
  });

  const onResend = async () => {
    try {
      const result = await resend.mutateAsync({ mobileNumber });
      form.reset({ mobileNumber, otp: '' });
      toast.success(t`We sent you a new code`);
      onResent(result);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label={t`One-time code`} error={form.formState.errors.otp?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="otp"
            render={({ field }) => (
              <OtpInput
                {...control}
                length={OTP_LENGTH}
                value={field.value}
                onChange={field.onChange}
                onComplete={() => void onSubmit()}
                disabled={verify.isPending}
              />
            )}
          />
        )}
      </FormField>
      <Button type="submit" loading={verify.isPending}>
        <Trans>Verify</Trans>
      </Button>
      <div className="text-center text-sm text-slate-600" aria-live="polite">
        {secondsLeft > 0 ? (
          <span>
            <Trans>Resend code in {formatSeconds(secondsLeft)}</Trans>
          </span>
        ) : (
          <Button variant="link" size="sm" onClick={onResend} loading={resend.isPending}>
            <Trans>Resend code</Trans>
          </Button>
        )}
      </div>
    </form>
  );
}
