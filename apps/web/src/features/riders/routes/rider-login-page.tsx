import { Trans, useLingui } from '@lingui/react/macro';
import { formatMobileNumber, normalizeMobileNumber } from '@hatid/domain';
import { useNavigate } from '@tanstack/react-router';
import { Bike } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LanguageSwitch } from '../../../app/layout/language-switch';
import { errorMessage } from '../../../lib/api-client';
import { useSendRiderOtp, useVerifyRiderOtp } from '../api/rider-sign-in';
import { BigButton } from '../components/big-button';

const fieldClasses =
  'h-14 w-full rounded-lg border-2 border-slate-900 bg-white px-4 text-xl text-slate-950 focus-visible:ring-4 focus-visible:ring-teal-600 focus-visible:outline-none';

/** /rider/login: a rider signs in with the code texted to their number (POST /sms/sendOtpRider, GET /sms/verifyOtp/rider). */
export function RiderLoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const send = useSendRiderOtp();
  const verify = useVerifyRiderOtp();
  const [mobile, setMobile] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const number = sentTo ? formatMobileNumber(sentTo) : '';

  const onSend = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const number = normalizeMobileNumber(mobile);
    if (!number) return setProblem(t`Enter your mobile number, e.g. 0917 123 4567`);
    try {
      await send.mutateAsync(number);
      setSentTo(number);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!/^\d{6}$/.test(code.trim())) return setProblem(t`Enter the 6-digit code we sent you`);
    try {
      await verify.mutateAsync({ mobileNumber: sentTo!, otp: code.trim() });
      await navigate({ to: '/rider', replace: true });
    } catch (error) {
      setCode('');
      setProblem(errorMessage(error));
    }
  };

  return (
    <main className="mx-auto flex min-h-svh w-full max-w-md flex-col gap-6 bg-white px-4 py-8 text-slate-950">
      <div className="flex items-center gap-3">
        <Bike className="h-10 w-10 text-teal-800" aria-hidden="true" />
        <h1 className="text-3xl font-bold">
          <Trans>Hatid Rider</Trans>
        </h1>
        {/* A rider chooses the language before signing in: the app and the texts follow it. */}
        <LanguageSwitch className="ml-auto" />
      </div>
      {sentTo === null ? (
        <form onSubmit={onSend} noValidate className="flex flex-col gap-4">
          <label htmlFor="rider-mobile" className="text-lg font-semibold">
            <Trans>Mobile number</Trans>
          </label>
          <input
            id="rider-mobile"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            className={fieldClasses}
            value={mobile}
            onChange={(event) => setMobile(event.target.value)}
            aria-describedby={problem ? 'rider-login-problem' : undefined}
          />
          <BigButton type="submit" loading={send.isPending}>
            <Trans>Send code</Trans>
          </BigButton>
        </form>
      ) : (
        <form onSubmit={onVerify} noValidate className="flex flex-col gap-4">
          <p className="text-lg">
            <Trans>We texted a code to {number}.</Trans>
          </p>
          <label htmlFor="rider-code" className="text-lg font-semibold">
            <Trans>Code</Trans>
          </label>
          <input
            id="rider-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className={`${fieldClasses} tracking-[0.5em]`}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            aria-describedby={problem ? 'rider-login-problem' : undefined}
          />
          <BigButton type="submit" loading={verify.isPending}>
            <Trans>Sign in</Trans>
          </BigButton>
          <BigButton
            type="button"
            variant="secondary"
            onClick={() => {
              setSentTo(null);
              setCode('');
              setProblem(null);
            }}
          >
            <Trans>Use another number</Trans>
          </BigButton>
        </form>
      )}
      {problem ? (
        <p id="rider-login-problem" role="alert" className="rounded-lg border-2 border-red-700 bg-red-50 p-3 text-lg font-medium text-red-800">
          {problem}
        </p>
      ) : null}
    </main>
  );
}
