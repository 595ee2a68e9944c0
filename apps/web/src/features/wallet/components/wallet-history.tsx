import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { WALLET_TRANSACTION_TYPES, type WalletTransactionType } from '@hatid/domain';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { transactionQueryOptions, transactionsQueryOptions } from '../api/wallet-api';

/** The stored types (the spec's English) as the reader says them. */
export const WALLET_TRANSACTION_TYPE_LABELS: Record<WalletTransactionType, MessageDescriptor> = {
  Cash: msg`Cash`,
  Deduction: msg`Deduction`,
  'Manual Adjustment': msg`Manual adjustment`,
  'Payment Link': msg`Payment link`,
  Purchase: msg`Purchase`,
  Referral: msg`Referral`,
  Refund: msg`Refund`,
  'Top Up': msg`Top-up`,
  Voucher: msg`Voucher`,
};

/** The wallet's history: newest first, by type, loading more as the list's end scrolls into view. */
export function WalletHistory() {
  const { t, i18n } = useLingui();
  const [type, setType] = useState<WalletTransactionType | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const history = useInfiniteQuery(transactionsQueryOptions(type));
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = end.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && history.hasNextPage && !history.isFetchingNextPage) void history.fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [history]);
  const rows = history.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <Card className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <CardTitle>
          <Trans>History</Trans>
        </CardTitle>
        <select
          aria-label={t`Type`}
          value={type ?? ''}
          onChange={(e) => setType((e.target.value || null) as WalletTransactionType | null)}
          // May narrow below its longest type ("Manual na adjustment"): the row fits a 360 px phone.
          className="min-w-0 rounded border border-slate-300 px-2 py-1 text-sm"
        >
          <option value="">{t`All types`}</option>
          {WALLET_TRANSACTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {i18n._(WALLET_TRANSACTION_TYPE_LABELS[type])}
            </option>
          ))}
        </select>
      </div>
      {rows.length === 0 && history.isSuccess ? (
        <p className="text-sm text-slate-600">
          <Trans>No wallet movements yet.</Trans>
        </p>
      ) : null}
      <ul className="flex flex-col divide-y divide-slate-100" aria-label={t`Wallet history`}>
        {rows.map((row) => (
          <li key={row.id} className="py-2 text-sm">
            <button
              type="button"
              className="flex w-full items-center justify-between gap-2 text-left"
              onClick={() => setOpenId(openId === row.id ? null : row.id)}
              aria-expanded={openId === row.id}
            >
              <span className="flex flex-col">
                <span className="font-medium text-slate-900">{i18n._(WALLET_TRANSACTION_TYPE_LABELS[row.type])}</span>
                <span className="text-xs text-slate-500">{formatDateTime(row.createdAt)}</span>
              </span>
              <span className={row.amountInCents > 0 ? 'font-medium text-teal-700' : 'font-medium text-slate-900'}>
                {row.amountInCents > 0 ? '+' : '−'}
                {formatMoney(Math.abs(row.amountInCents))}
              </span>
            </button>
            {openId === row.id ? <TransactionDetail id={row.id} /> : null}
          </li>
        ))}
      </ul>
      <div ref={end} />
      {history.hasNextPage ? (
        <Button variant="secondary" size="sm" onClick={() => history.fetchNextPage()} loading={history.isFetchingNextPage}>
          <Trans>Load more</Trans>
        </Button>
      ) : null}
    </Card>
  );
}

function TransactionDetail({ id }: { id: string }) {
  const detail = useQuery(transactionQueryOptions(id));
  if (!detail.data)
    return (
      <p className="mt-1 text-xs text-slate-500">
        <Trans>Loading…</Trans>
      </p>
    );
  const t = detail.data;
  return (
    <dl className="mt-2 grid grid-cols-2 gap-1 rounded bg-slate-50 p-2 text-xs text-slate-700">
      <dt>
        <Trans>Reference</Trans>
      </dt>
      <dd className="font-mono">{t.id.slice(0, 8).toUpperCase()}</dd>
      <dt>
        <Trans>Balance after</Trans>
      </dt>
      <dd>{formatMoney(t.balanceAfterInCents)}</dd>
      {t.description ? (
        <>
          <dt>
            <Trans>Description</Trans>
          </dt>
          <dd>{t.description}</dd>
        </>
      ) : null}
      {t.trackingNumber ? (
        <>
          <dt>
            <Trans>Shipment</Trans>
          </dt>
          <dd>
            <a className="text-teal-700 underline" href={`/packages/${t.trackingNumber}`}>
              {t.trackingNumber}
            </a>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
