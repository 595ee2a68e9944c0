import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../lib/format';
import { returnParams, type WalletSearch } from '../lib/wallet-search';

const METHOD_LABELS: Record<string, MessageDescriptor> = {
  card: msg`card`,
  direct_debit: msg`direct debit`,
  ewallet: msg`e-wallet`,
  qr: msg`QR`,
  payment_link: msg`payment link`,
};

/** What happened at the provider, said once on the page the payer returns to. */
export function ReturnBanner({ search: parsed }: { search: WalletSearch }) {
  const { t, i18n } = useLingui();
  const search = returnParams(parsed);
  const known = search.method ? METHOD_LABELS[search.method] : undefined;
  const method = known ? i18n._(known) : (search.method ?? null);
  const cents = search.amount && /^\d+$/.test(search.amount) ? Number(search.amount) : null;
  const amount = cents === null ? null : formatMoney(cents);
  let text: string | null = null;
  let ok = true;
  // Each sentence whole, with or without the method and the amount: word order differs between the languages.
  if (search.success === 'true' || search['wallet-success'] === 'true') {
    if (method && amount) text = t`Your ${method} payment of ${amount} went through. The balance updates as soon as the provider confirms it.`;
    else if (method) text = t`Your ${method} payment went through. The balance updates as soon as the provider confirms it.`;
    else if (amount) text = t`Your payment of ${amount} went through. The balance updates as soon as the provider confirms it.`;
    else text = t`Your payment went through. The balance updates as soon as the provider confirms it.`;
  } else if (search.failure === 'true') {
    if (method && amount) text = t`Your ${method} payment of ${amount} did not go through. Nothing was charged to your wallet.`;
    else if (method) text = t`Your ${method} payment did not go through. Nothing was charged to your wallet.`;
    else if (amount) text = t`Your payment of ${amount} did not go through. Nothing was charged to your wallet.`;
    else text = t`Your payment did not go through. Nothing was charged to your wallet.`;
    ok = false;
  } else if (search['success-link'] === 'true') {
    text = method ? t`Your ${method} is linked. You can top up from it now.` : t`Your account is linked. You can top up from it now.`;
  } else if (search['failure-link'] === 'true') {
    text = method ? t`Linking your ${method} was not completed.` : t`Linking your account was not completed.`;
    ok = false;
  }
  if (!text) return null;
  return (
    <p
      role="status"
      className={
        ok ? 'rounded-lg border border-teal-200 bg-teal-50 p-3 text-sm text-teal-900' : 'rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800'
      }
    >
      {text}
    </p>
  );
}
