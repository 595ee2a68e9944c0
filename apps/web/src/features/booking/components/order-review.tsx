import { DELIVERY_TYPE_LABELS, type AddressDto, type CoveredProvinceDto, type HubDto } from '@hatid/domain';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatMobileNumber, formatPesoAmount } from '../../../lib/format';
import { useBarangays, useCitiesMunicipalities } from '../../../lib/api/places';
import { accountName, accountPayerLabel, type InvoiceAccountChoice } from '../api/get-invoice-account';
import type { BookingDraft, PartyDraft, PartyRole } from '../draft/booking-draft';
import { itemCategoryText, PAYER_NAMES } from '../lib/labels';
import { boxImageUrl } from './box-image';
import { PARTY_TITLES, addressLine } from './party-fields';
import { PickupDate } from './pickup-date';
import { HubDetails } from './service-type-field';

/** Each part of the review; `edit` is what its Edit link says to a screen reader ("Edit sender"). */
function Section({ title, edit, children, editHash }: { title: string; edit: string; children: ReactNode; editHash?: string }) {
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        <Link to="/" hash={editHash} className={buttonClasses('ghost', 'sm')} aria-label={edit}>
          <Pencil className="h-4 w-4" aria-hidden="true" /> <Trans>Edit</Trans>
        </Link>
      </div>
      {children}
    </Card>
  );
}

/** A typed address with its place names (the lists are usually cached from the form). */
function TypedAddress({ party, provinces }: { party: PartyDraft; provinces: readonly CoveredProvinceDto[] | undefined }) {
  const cities = useCitiesMunicipalities(party.provinceCode || undefined);
  const barangays = useBarangays(party.cityCode || undefined);
  const line = addressLine({
    streetName: party.streetName,
    barangayName: barangays.data?.find((b) => b.code === party.barangayCode)?.name ?? '',
    cityLabel: cities.data?.find((c) => c.code === party.cityCode)?.name ?? '',
    provinceName: provinces?.find((p) => p.provinceCode === party.provinceCode)?.name ?? '',
  });
  return (
    <>
      <p className="font-medium text-slate-900">{party.name}</p>
      <p>{formatMobileNumber(party.mobileNumber)}</p>
      {party.email ? <p>{party.email}</p> : null}
      <p>{line}</p>
      {party.save ? (
        <p className="text-xs text-teal-800">
          <Trans>Will be saved to your addresses</Trans>
        </p>
      ) : null}
    </>
  );
}

const EDIT_PARTY: Record<PartyRole, MessageDescriptor> = { sender: msg`Edit sender`, receiver: msg`Edit receiver` };

// `side`, not `role`: a component prop named `role` reads as an ARIA role.
function PartyReview({
  side,
  party,
  savedAddresses,
  provinces,
}: {
  side: PartyRole;
  party: PartyDraft;
  savedAddresses: readonly AddressDto[] | undefined;
  provinces: readonly CoveredProvinceDto[] | undefined;
}) {
  const { i18n } = useLingui();
  const saved = party.mode === 'saved' ? savedAddresses?.find((a) => a.id === party.addressId) : undefined;
  return (
    <Section title={i18n._(PARTY_TITLES[side])} edit={i18n._(EDIT_PARTY[side])}>
      <div className="flex flex-col gap-0.5 text-sm text-slate-700" data-testid={`review-${side}`}>
        {saved ? (
          <>
            <p className="font-medium text-slate-900">{saved.name}</p>
            <p>{formatMobileNumber(saved.mobileNumber)}</p>
            {saved.email ? <p>{saved.email}</p> : null}
            <p>{addressLine(saved)}</p>
          </>
        ) : party.mode === 'new' ? (
          <TypedAddress party={party} provinces={provinces} />
        ) : (
          <p className="text-red-600">
            <Trans>Choose a saved address</Trans>
          </p>
        )}
      </div>
    </Section>
  );
}

/** Everything the customer is about to book, each part with a way back to change it. */
export function OrderReview({
  draft,
  savedAddresses,
  provinces,
  hubs,
  account = null,
}: {
  draft: BookingDraft;
  savedAddresses: readonly AddressDto[] | undefined;
  provinces: readonly CoveredProvinceDto[] | undefined;
  /** The drop-off hubs of the sender's province. */
  hubs?: readonly HubDto[] | undefined;
  /** The owner's business books on account: "sender pays" is billed to it (useInvoiceAccount). */
  account?: InvoiceAccountChoice | null;
}) {
  const { t, i18n } = useLingui();
  const billed = draft.paidBy === 'sender' ? account : null;
  const declared = Number(draft.declaredInsuranceValue || 0);
  const dropOff = draft.shipmentType === 'Drop Off';
  const perBox = (kg: string) => t`${kg} kg per box`;
  const billedTo = (account: string) => t`Billed to ${account}`;
  const hub = dropOff ? hubs?.find((h) => h.id === draft.dropOffHubId) : undefined;
  return (
    <div className="flex flex-col gap-4">
      <Section title={t`Delivery`} edit={t`Edit delivery`}>
        <p className="text-sm text-slate-700">
          <span className="font-medium text-slate-900">{DELIVERY_TYPE_LABELS[draft.deliveryType]}</span> ·{' '}
          {dropOff ? <Trans>You drop the parcel off at a Hatid hub</Trans> : <Trans>Pick up from the sender</Trans>}
        </p>
        {!dropOff ? (
          <PickupDate deliveryType={draft.deliveryType} />
        ) : hub ? (
          <div className="rounded-lg bg-teal-50 p-3" data-testid="review-drop-off-hub">
            <p className="mb-1 text-xs font-medium tracking-wide text-teal-900 uppercase">
              <Trans>Bring your parcel to</Trans>
            </p>
            <HubDetails hub={hub} />
          </div>
        ) : null}
      </Section>
      <div className="grid gap-4 md:grid-cols-2">
        <PartyReview side="sender" party={draft.sender} savedAddresses={savedAddresses} provinces={provinces} />
        <PartyReview side="receiver" party={draft.receiver} savedAddresses={savedAddresses} provinces={provinces} />
      </div>
      <Section title={t`Packages`} edit={t`Edit packages`} editHash="packages">
        <ul className="flex flex-col divide-y divide-slate-100 text-sm text-slate-700">
          {draft.packages.map((line) => (
            <li key={line.key} className="flex items-center gap-3 py-2">
              <img src={boxImageUrl(line.boxName)} alt="" width={32} height={32} className="h-8 w-8 shrink-0" />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  {line.quantity} × {line.boxName}
                </p>
                <p className="text-xs text-slate-600">
                  {[
                    itemCategoryText(i18n, line.itemCategory),
                    line.lengthInCm && line.widthInCm && line.heightInCm ? `${line.lengthInCm} × ${line.widthInCm} × ${line.heightInCm} cm` : '',
                    line.weightKg ? perBox(line.weightKg) : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t`Payment and extras`} edit={t`Edit payment and extras`}>
        <dl className="grid gap-1 text-sm text-slate-700 sm:grid-cols-[10rem_1fr]">
          <dt className="text-slate-500">
            <Trans>Who pays</Trans>
          </dt>
          <dd className="font-medium text-slate-900">{billed ? accountPayerLabel(i18n, billed) : i18n._(PAYER_NAMES[draft.paidBy])}</dd>
          <dt className="text-slate-500">
            <Trans>Payment method</Trans>
          </dt>
          <dd>{billed ? billedTo(accountName(i18n, billed)) : draft.paidBy === 'wallet' ? t`Wallet (paid when you book)` : t`Cash`}</dd>
          <dt className="text-slate-500">
            <Trans>Declared value</Trans>
          </dt>
          <dd>{formatPesoAmount(declared)}</dd>
          <dt className="text-slate-500">
            <Trans>Promo code</Trans>
          </dt>
          <dd>{draft.promoCode || t`None`}</dd>
        </dl>
      </Section>
    </div>
  );
}
