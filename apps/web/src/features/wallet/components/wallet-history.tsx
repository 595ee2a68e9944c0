import { useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { formatMoney, WALLET_TRANSACTION_TYPES, type WalletTransactionType } from '@hatid/domain';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { transactionQueryOptions, transactionsQueryOptions } from '../api/wallet-api';

const when = (iso: string) => new Date(iso).toLocaleString('en-PH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Manila' });

/** The wallet's history: newest first, by type, loading more as the list's end scrolls into view. */
export function WalletHistory() {
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
        <CardTitle>History</CardTitle>
        <select
          aria-label="Type"
          value={type ?? ''}
          onChange={(e) => setType((e.target.value || null) as WalletTransactionType | null)}
          className="rounded border border-slate-300 px-2 py-1 text-sm"
        >
          <option value="">All types</option>
          {WALLET_TRANSACTION_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </div>
      {rows.length === 0 && history.isSuccess ? <p className="text-sm text-slate-600">No wallet movements yet.</p> : null}
      <ul className="flex flex-col divide-y divide-slate-100" aria-label="Wallet history">
        {rows.map((row) => (
          <li key={row.id} className="py-2 text-sm">
            <button type="button" className="flex w-full items-center justify-between gap-2 text-left" onClick={() => setOpenId(openId === row.id ? null : row.id)} aria-expanded={openId === row.id}>
              <span className="flex flex-col">
                <span className="font-medium text-slate-900">{row.type}</span>
                <span className="text-xs text-slate-500">{when(row.createdAt)}</span>
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
          Load more
        </Button>
      ) : null}
    </Card>
  );
}

function TransactionDetail({ id }: { id: string }) {
  const detail = useQuery(transactionQueryOptions(id));
  if (!detail.data) return <p className="mt-1 text-xs text-slate-500">Loading…</p>;
  const t = detail.data;
  return (
    <dl className="mt-2 grid grid-cols-2 gap-1 rounded bg-slate-50 p-2 text-xs text-slate-700">
      <dt>Reference</dt>
      <dd className="font-mono">{t.id.slice(0, 8).toUpperCase()}</dd>
      <dt>Balance after</dt>
      <dd>{formatMoney(t.balanceAfterInCents)}</dd>
      {t.description ? (
        <>
          <dt>Description</dt>
          <dd>{t.description}</dd>
        </>
      ) : null}
      {t.trackingNumber ? (
        <>
          <dt>Shipment</dt>
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
