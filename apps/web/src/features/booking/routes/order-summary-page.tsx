import type { AddressInput } from '@hatid/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { AlertTriangle, ArrowLeft, PackageOpen } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardDescription } from '../../../components/ui/card';
import { errorMessage, fieldErrorMessage, isApiError } from '../../../lib/api-client';
import { useBookShipment } from '../api/book-shipment';
import { useInvoiceAccount } from '../api/get-invoice-account';
import { bookedShipmentQueryKey } from '../api/get-booked-shipment';
import { useCreateAddress } from '../../../lib/api/saved-addresses';
import { BookingSuccess } from '../components/booking-success';
import { OrderReview } from '../components/order-review';
import { PARTY_TITLES } from '../components/party-fields';
import { PricingSummary } from '../components/pricing-summary';
import { resetDraft, updateParty, useBookingDraft, type BookingDraft, type PartyRole } from '../draft/booking-draft';
import * as draftChecker from '../draft/check-draft';
import type { BookingRequest } from '../draft/check-draft';
import { useDraftCheck } from '../hooks/use-draft-check';

const FIELD_NAMES: Record<string, MessageDescriptor> = {
  addressId: msg`Saved address`,
  name: msg`Contact name`,
  mobileNumber: msg`Mobile number`,
  email: msg`Email`,
  provinceCode: msg`Province`,
  cityCode: msg`City or municipality`,
  barangayCode: msg`Barangay`,
  streetName: msg`Street`,
  quantity: msg`Quantity`,
  itemCategory: msg`What's inside`,
  weightKg: msg`Weight`,
  lengthInCm: msg`Length`,
  widthInCm: msg`Width`,
  heightInCm: msg`Height`,
  packages: msg`Packages`,
  declaredInsuranceValue: msg`Declared value`,
  promoCode: msg`Promo code`,
  paidBy: msg`Who pays`,
  deliveryType: msg`Delivery type`,
  dropOffHubId: msg`Drop-off hub`,
  expectedTotalInCents: msg`Total`,
};

const fieldName = (i18n: I18n, key: string) => {
  const name = FIELD_NAMES[key];
  return name ? i18n._(name) : key;
};

/** "Receiver · Mobile number", "Package 2 · Quantity": where a message belongs, in the form's words. */
function fieldLabel(i18n: I18n, key: string, draft: BookingDraft): string {
  const [head, ...rest] = key.split('.');
  const last = rest[rest.length - 1] ?? '';
  if (head === 'sender' || head === 'receiver') return `${i18n._(PARTY_TITLES[head])} · ${fieldName(i18n, last)}`;
  if (head === 'packages' && rest.length === 2) {
    const number = draft.packages.findIndex((p) => p.key === rest[0]) + 1;
    const field = fieldName(i18n, last);
    return i18n._(msg`Package ${number} · ${field}`);
  }
  return fieldName(i18n, head ?? '');
}

interface Issue {
  key: string;
  message: string;
}

function IssueList({ title, issues, draft }: { title: string; issues: Issue[]; draft: BookingDraft }) {
  const { i18n } = useLingui();
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-lg bg-red-50 p-4 text-sm text-red-800">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="h-4 w-4" aria-hidden="true" /> {title}
      </p>
      <ul className="list-disc pl-5">
        {issues.map((issue) => (
          <li key={issue.key}>
            <span className="font-medium">{fieldLabel(i18n, issue.key, draft)}:</span> {issue.message}
          </li>
        ))}
      </ul>
      <Link to="/" className={buttonClasses('secondary', 'sm', 'self-start')}>
        <Trans>Edit booking</Trans>
      </Link>
    </div>
  );
}

function EmptySummary() {
  return (
    <Card className="mx-auto flex max-w-md flex-col items-center gap-3 text-center">
      <PackageOpen className="h-10 w-10 text-slate-400" aria-hidden="true" />
      <h1 className="text-lg font-semibold text-slate-900">
        <Trans>Nothing to review yet</Trans>
      </h1>
      <CardDescription>
        <Trans>Add a package on the booking page, then come back here to place the order.</Trans>
      </CardDescription>
      <Link to="/" className={buttonClasses('primary', 'md')}>
        <Trans>Book a shipment</Trans>
      </Link>
    </Card>
  );
}

/** /order-summary: review the draft and place the order at the price shown; `?booked=` shows the result. */
const route = getRouteApi('/order-summary');

export function OrderSummaryPage() {
  const { t } = useLingui();
  const { booked } = route.useSearch();
  const draft = useBookingDraft();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { check, errors, pricing, savedAddresses, provinces, hubs } = useDraftCheck(draft, true, { checker: draftChecker, debounceMs: 0 });
  const account = useInvoiceAccount(true, draft.bookFor);
  const createAddress = useCreateAddress();
  const book = useBookShipment();
  const placing = useRef(false);
  const [priceChanged, setPriceChanged] = useState<string | null>(null);
  const [serverIssues, setServerIssues] = useState<Issue[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  if (booked) return <BookingSuccess trackingNumber={booked} />;
  if (draft.packages.length === 0) return <EmptySummary />;

  const promoError = pricing.current ? pricing.result?.promoCodeError : null;
  const issues: Issue[] = Object.entries(errors).map(([key, message]) => ({ key, message }));
  if (promoError) issues.push({ key: 'promoCode', message: promoError });
  const total = pricing.current ? pricing.result?.totalInCents : undefined;
  const ready = check.booking !== null && issues.length === 0 && total !== undefined;

  /** Typed addresses the customer asked to keep are saved first, and the booking then points at them. */
  async function saveAddresses(request: BookingRequest): Promise<BookingRequest> {
    let next = request;
    for (const role of ['sender', 'receiver'] as const satisfies readonly PartyRole[]) {
      const party = next[role];
      if (!draft[role].save || draft.bookFor || 'addressId' in party) continue;
      const created = await createAddress.mutateAsync(party as AddressInput);
      updateParty(role, { mode: 'saved', addressId: created.id, save: false });
      next = { ...next, [role]: { addressId: created.id } };
    }
    return next;
  }

  const placeOrder = async () => {
    if (!ready || !check.booking || total === undefined || placing.current) return;
    placing.current = true;
    setProblem(null);
    setServerIssues([]);
    try {
      const request = await saveAddresses(check.booking);
      const shipment = await book.mutateAsync({
        input: { ...request, expectedTotalInCents: total },
        idempotencyKey: draft.idempotencyKey,
        ownerId: draft.bookFor?.id,
      });
      queryClient.setQueryData(bookedShipmentQueryKey(shipment.trackingNumber), shipment);
      void queryClient.invalidateQueries({ queryKey: ['shipments', 'me'] });
      await navigate({ to: '/order-summary', search: { booked: shipment.trackingNumber }, replace: true });
      // Only now: the success view is showing, and the next booking starts from a clean draft and a new key.
      resetDraft();
    } catch (error) {
      if (isApiError(error) && error.statusCode === 409 && error.details?.some((d) => d.field === 'expectedTotalInCents')) {
        // The server priced it differently (a config or promo change): show its price and ask again.
        setPriceChanged(errorMessage(error));
        await pricing.query.refetch();
      } else if (isApiError(error) && error.details?.length) {
        setServerIssues(error.details.map((d) => ({ key: draftChecker.draftKeyOf(d.field, draft), message: fieldErrorMessage(d) })));
      } else {
        setProblem(errorMessage(error));
      }
    } finally {
      placing.current = false;
    }
  };

  const pending = book.isPending || createAddress.isPending;
  const customer = draft.bookFor?.name;
  const couldNotPrice = (reason: string) => t`We could not price this: ${reason}`;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="flex min-w-0 flex-col gap-4">
        <Link to="/" className={buttonClasses('link', 'sm', 'self-start')}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> <Trans>Back to booking</Trans>
        </Link>
        <h1 className="text-xl font-semibold text-slate-900">
          <Trans>Order summary</Trans>
        </h1>
        {draft.bookFor ? (
          <p className="text-sm text-slate-700">
            <Trans>Booking for {customer}</Trans>
          </p>
        ) : null}
        {issues.length > 0 ? <IssueList title={t`Some details need your attention`} issues={issues} draft={draft} /> : null}
        <OrderReview draft={draft} savedAddresses={savedAddresses} provinces={provinces.data} hubs={hubs.data} account={account} />
      </div>
      <aside aria-label={t`Price and order`} className="lg:sticky lg:top-4">
        <Card className="flex flex-col gap-4">
          <PricingSummary
            title={t`Total to pay`}
            result={pricing.result}
            current={pricing.current}
            updating={pricing.updating}
            promoCode={draft.promoCode || undefined}
            notice={pricing.query.isError && !pricing.updating ? couldNotPrice(errorMessage(pricing.query.error)) : null}
          />
          {priceChanged ? (
            <div role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              <p className="font-semibold">
                <Trans>The price has changed</Trans>
              </p>
              <p>{priceChanged}</p>
            </div>
          ) : null}
          {serverIssues.length > 0 ? <IssueList title={t`We could not place the order`} issues={serverIssues} draft={draft} /> : null}
          {problem ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
              {problem}
            </p>
          ) : null}
          {/* Wraps: "Tanggapin ang bagong presyo at mag-order" is wider than the card at 360 px. */}
          <Button
            size="lg"
            className="h-auto min-h-11 py-2 text-center whitespace-normal"
            onClick={() => void placeOrder()}
            disabled={!ready}
            loading={pending}
          >
            {priceChanged ? <Trans>Confirm new price and place order</Trans> : <Trans>Place order</Trans>}
          </Button>
          <p className="text-xs text-slate-600">
            <Trans>
              By placing the order you agree to our{' '}
              <a href="/terms-and-conditions" className="text-teal-800 underline">
                terms and conditions
              </a>
              .
            </Trans>
          </p>
        </Card>
      </aside>
    </div>
  );
}
