import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { DIRECT_DEBIT_BANKS, EWALLETS } from '@hatid/domain';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { linkBank, linkEwallet, makeDefaultMethod, methodsQueryOptions, removeMethod, walletKey } from '../api/wallet-api';
import { cardTokenizerFor, cardTokenizerQueryOptions, type CardField } from '../lib/card-tokenizer';
import { AUTHENTICATION_DECLINED, authenticationOutcome } from '../lib/xendit-card-token';
import { errorText as message, useEnabledMethods } from './top-up-panel';

/** The card form's fields, by the names the tokenizers report problems with. */
const CARD_FIELDS: readonly {
  field: 'number' | 'expiry' | 'cvv';
  label: MessageDescriptor;
  placeholder: MessageDescriptor | string;
  inputMode: 'numeric' | undefined;
  autoComplete: string;
}[] = [
  { field: 'number', label: msg`Card number`, placeholder: msg`Card number`, inputMode: 'numeric', autoComplete: 'cc-number' },
  { field: 'expiry', label: msg`Expiry (MM/YY)`, placeholder: 'MM/YY', inputMode: undefined, autoComplete: 'cc-exp' },
  // CVV is what the back of every card says, in either language.
  { field: 'cvv', label: msg`CVV`, placeholder: 'CVV', inputMode: 'numeric', autoComplete: 'cc-csc' },
];

/**
 * Saved cards, linked banks and e-wallets: one default; add a card, link a bank or e-wallet. A card is saved by
 * the tokenizer the server names: the sandbox's tokenizes it in this page and sends only the token, brand, last
 * four digits and expiry; Xendit's sends the card from this page to Xendit under a payment session, with the
 * bank's 3-D Secure page in a dialog, and Xendit's webhook saves it on the server.
 */
export function SavedMethods() {
  const { t, i18n } = useLingui();
  const enabled = useEnabledMethods();
  const methods = useQuery(methodsQueryOptions());
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: walletKey });
  const [card, setCard] = useState({ number: '', expiry: '', cvv: '' });
  const [cardError, setCardError] = useState<{ field: CardField; message: string } | null>(null);
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);
  /** The bank's 3-D Secure page while the payer confirms the card. */
  const [authenticationUrl, setAuthenticationUrl] = useState<string | null>(null);
  const attempt = useRef<AbortController | null>(null);
  const errorId = useId();
  // Ask which tokenizer to use as soon as the form opens (Xendit's script then loads on the first save).
  useQuery({ ...cardTokenizerQueryOptions(), enabled: adding });
  useEffect(() => () => attempt.current?.abort(), []);

  async function addCard() {
    if (saving) return;
    setSaving(true);
    setCardError(null);
    const controller = new AbortController();
    attempt.current = controller;
    try {
      const tokenizer = cardTokenizerFor(await queryClient.fetchQuery(cardTokenizerQueryOptions()));
      const result = await tokenizer.save(card, { onAuthentication: setAuthenticationUrl, signal: controller.signal });
      setAuthenticationUrl(null);
      if (!result.ok) return setCardError({ field: result.field, message: result.message });
      setCard({ number: '', expiry: '', cvv: '' });
      setAdding(false);
      toast.success(t`Card saved`);
      void refresh();
    } catch (e) {
      setAuthenticationUrl(null);
      setCardError({ field: 'card', message: message(e) });
    } finally {
      attempt.current = null;
      setSaving(false);
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
      <CardTitle>
        <Trans>Saved payment methods</Trans>
      </CardTitle>
      {methods.data?.length ? (
        <ul className="flex flex-col divide-y divide-slate-100 text-sm">
          {methods.data.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {m.label ?? m.kind} <span className="text-slate-500">{m.maskedNumber ? `· ${m.maskedNumber}` : ''}</span>
                {m.isDefault ? (
                  <span className="ml-2 rounded bg-teal-50 px-1.5 text-xs text-teal-800">
                    <Trans>Default</Trans>
                  </span>
                ) : null}
              </span>
              <span className="flex gap-1">
                {!m.isDefault ? (
                  <Button size="sm" variant="ghost" onClick={() => makeDefaultMethod(m.id).then(refresh, (e) => toast.error(message(e)))}>
                    <Trans>Make default</Trans>
                  </Button>
                ) : null}
                <Button size="sm" variant="ghost" onClick={() => removeMethod(m.id).then(refresh, (e) => toast.error(message(e)))}>
                  <Trans>Remove</Trans>
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">
          <Trans>No saved methods yet.</Trans>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {enabled.card ? (
          <Button size="sm" variant="secondary" onClick={() => setAdding((a) => !a)}>
            <Trans>Add a card</Trans>
          </Button>
        ) : null}
        {enabled.ewallet
          ? EWALLETS.map((w) => (
              <Button key={w} size="sm" variant="secondary" onClick={() => link('ewallet', w)}>
                <Trans>Link {w}</Trans>
              </Button>
            ))
          : null}
        {enabled.directDebit
          ? DIRECT_DEBIT_BANKS.map((b) => (
              <Button key={b} size="sm" variant="secondary" onClick={() => link('bank', b)}>
                <Trans>Link {b}</Trans>
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
          {CARD_FIELDS.map(({ field, label, placeholder, inputMode, autoComplete }) => {
            const problem = cardError?.field === field ? cardError.message : null;
            return (
              <div key={field} className="flex flex-col gap-1">
                <Input
                  aria-label={i18n._(label)}
                  placeholder={typeof placeholder === 'string' ? placeholder : i18n._(placeholder)}
                  inputMode={inputMode}
                  autoComplete={autoComplete}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${errorId}-${field}` : undefined}
                  value={card[field]}
                  onChange={(e) => setCard({ ...card, [field]: e.target.value })}
                />
                {problem ? (
                  <p id={`${errorId}-${field}`} role="alert" className="text-sm text-red-600">
                    {problem}
                  </p>
                ) : null}
              </div>
            );
          })}
          <p className="text-xs text-slate-500 sm:col-span-3">
            <Trans>The card number stays in your browser: only a token and the last four digits are saved.</Trans>
          </p>
          {cardError?.field === 'card' ? (
            <p role="alert" className="text-sm text-red-600 sm:col-span-3">
              {cardError.message}
            </p>
          ) : null}
          <Button type="submit" size="sm" className="sm:col-span-1" loading={saving}>
            <Trans>Save card</Trans>
          </Button>
          <Modal
            open={authenticationUrl !== null}
            onOpenChange={(open) => {
              // Closing gives up this attempt; the card can be saved again from the form.
              if (!open) attempt.current?.abort();
            }}
            title={t`Confirm your card`}
            description={t`Your bank asks you to confirm this card. This window closes by itself when you are done.`}
          >
            {authenticationUrl ? (
              // biome-ignore lint/a11y/noNoninteractiveElementInteractions: onLoad is the frame's page arriving, not a person's action
              <iframe
                src={authenticationUrl}
                title={t`Your bank’s card confirmation (3-D Secure)`}
                className="h-[28rem] w-full rounded-md border border-slate-200"
                onLoad={(e) => {
                  // The bank's page ends on one of the session's return addresses on this site (readable once
                  // there; the bank's own pages are another origin): a failure ends the attempt, a success
                  // closes the dialog while the card's confirmation arrives.
                  let href: string | undefined;
                  try {
                    href = e.currentTarget.contentWindow?.location.href;
                  } catch {
                    return;
                  }
                  const outcome = href ? authenticationOutcome(href, window.location.origin) : null;
                  if (outcome === 'failure') attempt.current?.abort(AUTHENTICATION_DECLINED);
                  else if (outcome === 'success') setAuthenticationUrl(null);
                }}
              />
            ) : null}
          </Modal>
        </form>
      ) : null}
    </Card>
  );
}
