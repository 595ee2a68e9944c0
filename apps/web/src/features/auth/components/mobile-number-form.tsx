import { sendOtpBody } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { PhoneInput } from '../../../components/ui/phone-input';
import { showFormError } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useSendOtp, type SendOtpResult } from '../api/send-otp';

/** Asks for the mobile number and texts the code to it. */
export function MobileNumberForm({
  defaultMobileNumber,
  onSent,
}: {
  defaultMobileNumber?: string;
  onSent: (mobileNumber: string, result: SendOtpResult) => void;
}) {
  const { t } = useLingui();
  const sendOtp = useSendOtp();
  const form = useForm({ resolver: formResolver(sendOtpBody), defaultValues: { mobileNumber: defaultMobileNumber ?? '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await sendOtp.mutateAsync(values);
      onSent(values.mobileNumber, result);
    } catch (error) {
      showFormError(error, form.setError, ['mobileNumber']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label={t`Mobile number`} error={form.formState.errors.mobileNumber?.message} hint={t`We will text you a 6-digit code.`}>
        {(control) => (
          <Controller
            control={form.control}
            name="mobileNumber"
            render={({ field }) => <PhoneInput {...control} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} autoFocus />}
          />
        )}
      </FormField>
      <Button type="submit" loading={sendOtp.isPending}>
        <Trans>Send code</Trans>
      </Button>
    </form>
  );
}
