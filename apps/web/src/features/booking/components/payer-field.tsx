import { PAYERS, type Payer } from '@hatid/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { accountName, accountPayerLabel, type InvoiceAccountChoice } from '../api/get-invoice-account';
import type { WalletChoice } from '../api/get-wallet-choice';
import { PAYER_NAMES } from '../lib/labels';

const DETAILS: Record<Payer, MessageDescriptor> = {
  sender: msg`The sender pays the rider in cash at pick-up.`,
  recipient: msg`The receiver pays the rider in cash on delivery.`,
  wallet: msg`Paying from your Hatid wallet is switched off right now.`,
};

function walletDetails(i18n: I18n, wallet: WalletChoice | undefined): string {
  if (!wallet?.enabled) return i18n._(DETAILS.wallet);
  if (wallet.balanceInCents === null) return i18n._(msg`Paid now from your Hatid wallet.`);
  const balance = formatMoney(wallet.balanceInCents);
  return i18n._(msg`Paid now from your Hatid wallet. Balance: ${balance}.`);
}

/**
 * Who pays and how: cash from the sender or the recipient, or the wallet (its balance, and a top-up when short).
 * For a business on an invoice account, the sender's choice is its account instead of cash.
 */
export function PayerField({
  value,
  onChange,
  error,
  dropOff = false,
  wallet,
  account = null,
  totalInCents,
}: {
  value: Payer;
  onChange: (payer: Payer) => void;
  error?: string | undefined;
  /** Drop Off: nobody comes to pick up, so the sender's cash is paid at the hub counter. */
  dropOff?: boolean;
  /** Whether the wallet is switched on for this person, and their balance. */
  wallet?: WalletChoice;
  /** The owner's business books on account: "sender pays" bills it (payment method invoice). */
  account?: InvoiceAccountChoice | null;
  /** The booking's current total, to say when the balance is short. */
  totalInCents?: number | null;
}) {
  const { t, i18n } = useLingui();
  const billedAccount = account ? accountName(i18n, account) : '';
  // The top-up prompt is about the wallet: it matters only while the wallet is the chosen payment.
  const short = value === 'wallet' && wallet?.enabled && wallet.balanceInCents !== null && totalInCents != null && wallet.balanceInCents < totalInCents;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">
        <Trans>Who pays</Trans>
      </legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {PAYERS.map((payer) => {
          const disabled = payer === 'wallet' && !wallet?.enabled;
          return (
            <label
              key={payer}
              className={cn(
                'flex gap-2 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600',
                disabled ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500' : 'cursor-pointer bg-white',
                value === payer && !disabled ? 'border-teal-700 bg-teal-50' : !disabled && 'border-slate-300',
              )}
            >
              <input
                type="radio"
                name="paidBy"
                value={payer}
                checked={value === payer}
                disabled={disabled}
                onChange={() => onChange(payer)}
                aria-describedby={`payer-${payer}-details`}
                className="mt-0.5 h-4 w-4 shrink-0 accent-teal-700"
              />
              <span className="flex flex-col gap-0.5">
                <span className="font-medium text-slate-900">
                  {payer === 'sender' && account ? accountPayerLabel(i18n, account) : i18n._(PAYER_NAMES[payer])}
                </span>
                <span id={`payer-${payer}-details`} className="text-xs text-slate-600">
                  {payer === 'sender' && account
                    ? t`Billed to ${billedAccount} on its payment terms: nobody pays cash at pick-up.`
                    : dropOff && payer === 'sender'
                      ? t`The sender pays in cash at the hub when dropping the parcel off.`
                      : payer === 'wallet'
                        ? walletDetails(i18n, wallet)
                        : i18n._(DETAILS[payer])}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      <p className="text-xs text-slate-600">
        {value === 'wallet' ? (
          <Trans>Payment method: Wallet</Trans>
        ) : value === 'sender' && account ? (
          <Trans>Payment method: Invoice (billed to {billedAccount})</Trans>
        ) : (
          <Trans>Payment method: Cash</Trans>
        )}
      </p>
      {short ? (
        <p className="text-sm text-amber-800">
          <Trans>Your balance is short of this total.</Trans>{' '}
          <a href="/wallet" className="font-medium text-teal-700 underline">
            <Trans>Top up your wallet</Trans>
          </a>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
