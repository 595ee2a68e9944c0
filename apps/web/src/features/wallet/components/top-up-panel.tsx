import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { EWALLETS, TOP_UP_MAX_IN_CENTS, TOP_UP_MIN_IN_CENTS, TOP_UP_PRESETS_IN_CENTS, type PaymentMethodDto, type PaymentRequestDto } from '@hatid/domain';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { errorMessage, fieldErrorMessage, isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { flagsQueryOptions, methodsQueryOptions, startCardTopUp, startEwalletTopUp, startLinkedTopUp, startQrTopUp, walletKey } from '../api/wallet-api';
import { QrTopUp } from './qr-top-up';

type Method = 'ewallet' | 'qr' | 'saved';
/** The first field's problem, else the error, in the reader's language (src/i18n/server-messages.ts). */
export const errorText = (error: unknown) => (isApiError(error) && error.details?.[0] ? fieldErrorMessage(error.details[0]) : errorMessage(error));

/** Which top-up ways are switched on (remote flags); a method that is off is not shown. */
export function useEnabledMethods() {
  const flags = useQuery(flagsQueryOptions());
  const on = (key: string) => flags.data?.find((f) => f.key === key)?.enabled ?? false;
  return {
    loaded: flags.isSuccess,
    wallet: on('payments.wallet'),
    card: on('payments.card'),
    directDebit: on('payments.direct_debit'),
    ewallet: on('payments.ewallet'),
    qr: on('payments.qr'),
  };
}

/** Top-up: an amount (presets or typed, within the limits) and a way to pay that is switched on. */
export function TopUpPanel() {
  const { t } = useLingui();
  const enabled = useEnabledMethods();
  const methods = useQuery(methodsQueryOptions());
  const queryClient = useQueryClient();
  const [pesos, setPesos] = useState('500');
  const [method, setMethod] = useState<Method>('ewallet');
  const [ewallet, setEwallet] = useState<(typeof EWALLETS)[number]>('GCash');
  const [savedId, setSavedId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [qr, setQr] = useState<PaymentRequestDto | null>(null);

  const usable = (methods.data ?? []).filter(
    (m) => (m.kind === 'Card' && enabled.card) || (m.kind === 'Linked Account' && enabled.directDebit) || (m.kind === 'E-Wallet' && enabled.ewallet),
  );
  const saved: PaymentMethodDto | undefined = usable.find((m) => m.id === savedId) ?? usable.find((m) => m.isDefault) ?? usable[0];
  const cents = /^\d+(\.\d{1,2})?$/.test(pesos.trim()) ? Math.round(Number(pesos) * 100) : NaN;
  const smallest = formatMoney(TOP_UP_MIN_IN_CENTS);
  const largest = formatMoney(TOP_UP_MAX_IN_CENTS);
  const amountError = Number.isNaN(cents)
    ? t`Enter an amount in pesos, like 500`
    : cents < TOP_UP_MIN_IN_CENTS
      ? t`The smallest top-up is ${smallest}`
      : cents > TOP_UP_MAX_IN_CENTS
        ? t`The largest top-up is ${largest}`
        : null;

  const amountText = amountError ? '' : formatMoney(cents);

  if (enabled.loaded && !enabled.wallet) {
    return (
      <Card>
        <CardTitle>
          <Trans>Top up</Trans>
        </CardTitle>
        <p className="text-sm text-slate-600">
          <Trans>Wallet top-ups are switched off right now.</Trans>
        </p>
      </Card>
    );
  }

  async function submit() {
    if (amountError) return setError(amountError);
    setBusy(true);
    setError(null);
    try {
      let started: PaymentRequestDto;
      if (method === 'qr') {
        started = await startQrTopUp({ amountInCents: cents });
        setQr(started);
        return;
      }
      if (method === 'saved' && saved) {
        started =
          saved.kind === 'Card'
            ? await startCardTopUp({ amountInCents: cents, cardTokenId: saved.id })
            : await startLinkedTopUp(saved.kind === 'Linked Account' ? 'bank' : 'ewallet', { amountInCents: cents, paymentMethodId: saved.id });
      } else {
        started = await startEwalletTopUp({ amountInCents: cents, ewallet });
      }
      if (started.checkoutUrl) window.location.assign(started.checkoutUrl);
      else void queryClient.invalidateQueries({ queryKey: walletKey });
    } catch (e) {
      setError(errorText(e));
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="flex flex-col gap-4">
      <CardTitle>
        <Trans>Top up</Trans>
      </CardTitle>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of buttons, not form fields: ARIA's group, not a <fieldset> */}
      <div className="flex flex-wrap gap-2" role="group" aria-label={t`Amount presets`}>
        {TOP_UP_PRESETS_IN_CENTS.map((preset) => (
          <Button key={preset} type="button" size="sm" variant={cents === preset ? 'primary' : 'secondary'} onClick={() => setPesos(String(preset / 100))}>
            {formatMoney(preset)}
          </Button>
        ))}
      </div>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-slate-800">
          <Trans>Amount (₱)</Trans>
        </span>
        <Input inputMode="decimal" value={pesos} onChange={(e) => setPesos(e.target.value)} aria-invalid={Boolean(amountError)} name="amount" />
        <span className="text-xs text-slate-600">
          <Trans>
            From {smallest} to {largest} per top-up.
          </Trans>
        </span>
      </label>
      <fieldset className="flex flex-col gap-2 text-sm">
        <legend className="mb-1 font-medium text-slate-800">
          <Trans>Pay with</Trans>
        </legend>
        {enabled.ewallet ? (
          <label className="flex items-center gap-2">
            <input type="radio" name="topUpMethod" checked={method === 'ewallet'} onChange={() => setMethod('ewallet')} className="accent-teal-700" />
            <Trans>E-wallet</Trans>
            <select
              aria-label={t`E-wallet`}
              value={ewallet}
              onChange={(e) => setEwallet(e.target.value as typeof ewallet)}
              className="rounded border border-slate-300 px-2 py-1"
            >
              {EWALLETS.map((w) => (
                <option key={w}>{w}</option>
              ))}
            </select>
          </label>
        ) : null}
        {enabled.qr ? (
          <label className="flex items-center gap-2">
            <input type="radio" name="topUpMethod" checked={method === 'qr'} onChange={() => setMethod('qr')} className="accent-teal-700" />
            <Trans>QR Ph (scan with any banking or e-wallet app)</Trans>
          </label>
        ) : null}
        {usable.length > 0 ? (
          <label className="flex items-center gap-2">
            <input type="radio" name="topUpMethod" checked={method === 'saved'} onChange={() => setMethod('saved')} className="accent-teal-700" />
            <Trans>Saved method</Trans>
            <select
              aria-label={t`Saved method`}
              value={saved?.id}
              onChange={(e) => setSavedId(e.target.value)}
              className="rounded border border-slate-300 px-2 py-1"
            >
              {usable.map((m) => {
                const name = m.label ?? m.kind;
                return (
                  <option key={m.id} value={m.id}>
                    {m.isDefault ? t`${name} (default)` : name}
                  </option>
                );
              })}
            </select>
          </label>
        ) : null}
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <Button type="button" onClick={submit} loading={busy} disabled={busy}>
        {amountError ? <Trans>Top up</Trans> : <Trans>Top up {amountText}</Trans>}
      </Button>
      {qr ? <QrTopUp request={qr} onClose={() => setQr(null)} /> : null}
    </Card>
  );
}
