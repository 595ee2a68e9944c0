import { formatMoney } from '@hatid/domain';
import { returnParams, type WalletSearch } from '../lib/wallet-search';

const METHOD_LABELS: Record<string, string> = {
  card: 'card',
  direct_debit: 'direct debit',
  ewallet: 'e-wallet',
  qr: 'QR',
  payment_link: 'payment link',
};

/** What happened at the provider, said once on the page the payer returns to. */
export function ReturnBanner({ search: parsed }: { search: WalletSearch }) {
  const search = returnParams(parsed);
  const method = search.method ? (METHOD_LABELS[search.method] ?? search.method) : null;
  const cents = search.amount && /^\d+$/.test(search.amount) ? Number(search.amount) : null;
  const amount = cents === null ? '' : ` of ${formatMoney(cents)}`;
  let text: string | null = null;
  let ok = true;
  if (search.success === 'true' || search['wallet-success'] === 'true') {
    text = `Your ${method ?? ''} payment${amount} went through. The balance updates as soon as the provider confirms it.`.replace('  ', ' ');
  } else if (search.failure === 'true') {
    text = `Your ${method ?? ''} payment${amount} did not go through. Nothing was charged to your wallet.`.replace('  ', ' ');
    ok = false;
  } else if (search['success-link'] === 'true') {
    text = `Your ${method ?? 'account'} is linked. You can top up from it now.`;
  } else if (search['failure-link'] === 'true') {
    text = `Linking your ${method ?? 'account'} was not completed.`;
    ok = false;
  }
  if (!text) return null;
  return (
    <p role="status" className={ok ? 'rounded-lg border border-teal-200 bg-teal-50 p-3 text-sm text-teal-900' : 'rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800'}>
      {text}
    </p>
  );
}
