import type { AddressInput } from '@hatid/domain';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { AlertTriangle, ArrowLeft, PackageOpen } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardDescription } from '../../../components/ui/card';
import { errorMessage, isApiError } from '../../../lib/api-client';
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

const FIELD_NAMES: Record<string, string> = {
  addressId: 'Saved address',
  name: 'Contact name',
  mobileNumber: 'Mobile number',
  email: 'Email',
  provinceCode: 'Province',
  cityCode: 'City or municipality',
  barangayCode: 'Barangay',
  streetName: 'Street',
  quantity: 'Quantity',
  itemCategory: "What's inside",
  weightKg: 'Weight',
  lengthInCm: 'Length',
  widthInCm: 'Width',
  heightInCm: 'Height',
  packages: 'Packages',
  declaredInsuranceValue: 'Declared value',
  promoCode: 'Promo code',
  paidBy: 'Who pays',
  deliveryType: 'Delivery type',
  dropOffHubId: 'Drop-off hub',
  expectedTotalInCents: 'Total',
};

/** "Receiver · Mobile number", "Package 2 · Quantity": where a message belongs, in the form's words. */
function fieldLabel(key: string, draft: BookingDraft): string {
  const [head, ...rest] = key.split('.');
  const last = rest[rest.length - 1] ?? '';
  if (head === 'sender' || head === 'receiver') return `${PARTY_TITLES[head]} · ${FIELD_NAMES[last] ?? last}`;
  if (head === 'packages' && rest.length === 2) {
    const index = draft.packages.findIndex((p) => p.key === rest[0]);
    return `Package ${index + 1} · ${FIELD_NAMES[last] ?? last}`;
  }
  return FIELD_NAMES[head ?? ''] ?? head ?? '';
}

interface Issue {
  key: string;
  message: string;
}

function IssueList({ title, issues, draft }: { title: string; issues: Issue[]; draft: BookingDraft }) {
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-lg bg-red-50 p-4 text-sm text-red-800">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="h-4 w-4" aria-hidden="true" /> {title}
      </p>
      <ul className="list-disc pl-5">
        {issues.map((issue) => (
          <li key={issue.key}>
            <span className="font-medium">{fieldLabel(issue.key, draft)}:</span> {issue.message}
          </li>
        ))}
      </ul>
      <Link to="/" className={buttonClasses('secondary', 'sm', 'self-start')}>
        Edit booking
      </Link>
    </div>
  );
}

function EmptySummary() {
  return (
    <Card className="mx-auto flex max-w-md flex-col items-center gap-3 text-center">
      <PackageOpen className="h-10 w-10 text-slate-400" aria-hidden="true" />
      <h1 className="text-lg font-semibold text-slate-900">Nothing to review yet</h1>
      <CardDescription>Add a package on the booking page, then come back here to place the order.</CardDescription>
      <Link to="/" className={buttonClasses('primary', 'md')}>
        Book a shipment
      </Link>
    </Card>
  );
}

/** /order-summary: review the draft and place the order at the price shown; `?booked=` shows the result. */
const route = getRouteApi('/order-summary');

export function OrderSummaryPage() {
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
        setPriceChanged(error.message);
        await pricing.query.refetch();
      } else if (isApiError(error) && error.details?.length) {
        setServerIssues(error.details.map((d) => ({ key: draftChecker.draftKeyOf(d.field, draft), message: d.message })));
      } else {
        setProblem(errorMessage(error));
      }
    } finally {
      placing.current = false;
    }
  };

  const pending = book.isPending || createAddress.isPending;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="flex min-w-0 flex-col gap-4">
        <Link to="/" className={buttonClasses('link', 'sm', 'self-start')}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to booking
        </Link>
        <h1 className="text-xl font-semibold text-slate-900">Order summary</h1>
        {draft.bookFor ? <p className="text-sm text-slate-700">Booking for {draft.bookFor.name}</p> : null}
        {issues.length > 0 ? <IssueList title="Some details need your attention" issues={issues} draft={draft} /> : null}
        <OrderReview draft={draft} savedAddresses={savedAddresses} provinces={provinces.data} hubs={hubs.data} account={account} />
      </div>
      <aside aria-label="Price and order" className="lg:sticky lg:top-4">
        <Card className="flex flex-col gap-4">
          <PricingSummary
            title="Total to pay"
            result={pricing.result}
            current={pricing.current}
            updating={pricing.updating}
            promoCode={draft.promoCode || undefined}
            notice={pricing.query.isError && !pricing.updating ? `We could not price this: ${pricing.query.error.message}` : null}
          />
          {priceChanged ? (
            <div role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              <p className="font-semibold">The price has changed</p>
              <p>{priceChanged}</p>
            </div>
          ) : null}
          {serverIssues.length > 0 ? <IssueList title="We could not place the order" issues={serverIssues} draft={draft} /> : null}
          {problem ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
              {problem}
            </p>
          ) : null}
          <Button size="lg" onClick={() => void placeOrder()} disabled={!ready} loading={pending}>
            {priceChanged ? 'Confirm new price and place order' : 'Place order'}
          </Button>
          <p className="text-xs text-slate-600">
            By placing the order you agree to our{' '}
            <a href="/terms-and-conditions" className="text-teal-800 underline">
              terms and conditions
            </a>
            .
          </p>
        </Card>
      </aside>
    </div>
  );
}
