import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { DIRECT_DEBIT_BANKS, EWALLETS } from '@hatid/domain';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { linkBank, linkEwallet, makeDefaultMethod, methodsQueryOptions, removeMethod, saveCard, walletKey } from '../api/wallet-api';
import { tokenizeCard } from '../lib/sandbox-card-token';
import { useEnabledMethods } from './top-up-panel';

const message = (e: unknown) => (isApiError(e) ? (e.details?.[0]?.message ?? e.message) : 'Something went wrong. Please try again.');

/** Saved cards, linked banks and e-wallets: one default; add a card (tokenized here), link a bank or e-wallet. */
export function SavedMethods() {
  const enabled = useEnabledMethods();
  const methods = useQuery(methodsQueryOptions());
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: walletKey });
  const [card, setCard] = useState({ number: '', expiry: '', cvv: '' });
  const [cardError, setCardError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  async function addCard() {
    const result = tokenizeCard(card);
    if (!result.ok) return setCardError(result.message);
    setCardError(null);
    try {
      const { ok: _ok, ...token } = result;
      await saveCard(token);
      setCard({ number: '', expiry: '', cvv: '' });
      setAdding(false);
      toast.success('Card saved');
      void refresh();
    } catch (e) {
      setCardError(message(e));
    }
  }

  async function link(kind: 'bank' | 'ewallet', name: string) {
    try {
      const started = kind === 'bank' ? await linkBank(name) : await linkEwallet(name);
      window.location.assign(started.checkoutUrl);
    } catch (e) {
      toast.error(message(e));
    }
  }

  return (
    <Card className="flex flex-col gap-3">
      <CardTitle>Saved payment methods</CardTitle>
      {methods.data?.length ? (
        <ul className="flex flex-col divide-y divide-slate-100 text-sm">
          {methods.data.map((m) => (
            <li key={m.id} className="flex items-center justify-between gap-2 py-2">
              <span>
                {m.label ?? m.kind} <span className="text-slate-500">{m.maskedNumber ? `· ${m.maskedNumber}` : ''}</span>
                {m.isDefault ? <span className="ml-2 rounded bg-teal-50 px-1.5 text-xs text-teal-800">Default</span> : null}
              </span>
              <span className="flex gap-1">
                {!m.isDefault ? (
                  <Button size="sm" variant="ghost" onClick={() => makeDefaultMethod(m.id).then(refresh, (e) => toast.error(message(e)))}>
                    Make default
                  </Button>
                ) : null}
                <Button size="sm" variant="ghost" onClick={() => removeMethod(m.id).then(refresh, (e) => toast.error(message(e)))}>
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No saved methods yet.</p>
      )}
      <div className="flex flex-wrap gap-2">
        {enabled.card ? (
          <Button size="sm" variant="secondary" onClick={() => setAdding((a) => !a)}>
            Add a card
          </Button>
        ) : null}
        {enabled.ewallet
          ? EWALLETS.map((w) => (
              <Button key={w} size="sm" variant="secondary" onClick={() => link('ewallet', w)}>
                Link {w}
              </Button>
            ))
          : null}
        {enabled.directDebit
          ? DIRECT_DEBIT_BANKS.map((b) => (
              <Button key={b} size="sm" variant="secondary" onClick={() => link('bank', b)}>
                Link {b}
              </Button>
            ))
          : null}
      </div>
      {adding ? (
        <form
          className="grid gap-2 sm:grid-cols-3"
          onSubmit={(e) => {
            e.preventDefault();
            void addCard();
          }}
        >
          <Input aria-label="Card number" placeholder="Card number" inputMode="numeric" autoComplete="cc-number" value={card.number} onChange={(e) => setCard({ ...card, number: e.target.value })} />
          <Input aria-label="Expiry (MM/YY)" placeholder="MM/YY" autoComplete="cc-exp" value={card.expiry} onChange={(e) => setCard({ ...card, expiry: e.target.value })} />
          <Input aria-label="CVV" placeholder="CVV" inputMode="numeric" autoComplete="cc-csc" value={card.cvv} onChange={(e) => setCard({ ...card, cvv: e.target.value })} />
          <p className="text-xs text-slate-500 sm:col-span-3">The card number stays in your browser: only a token and the last four digits are saved.</p>
          {cardError ? (
            <p role="alert" className="text-sm text-red-600 sm:col-span-3">
              {cardError}
            </p>
          ) : null}
          <Button type="submit" size="sm" className="sm:col-span-1">
            Save card
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
