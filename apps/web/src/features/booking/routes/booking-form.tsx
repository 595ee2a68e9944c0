import type { BoxName, DeliveryType } from '@hatid/domain';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { BoxPicker } from '../components/box-picker';
import { DeliveryTypePicker } from '../components/delivery-type-picker';
import { MobileTotalBar } from '../components/mobile-total-bar';
import { NumericInput } from '../components/numeric-input';
import { PackageLinesEditor } from '../components/package-lines-editor';
import { PartyFields } from '../components/party-fields';
import { PayerField } from '../components/payer-field';
import { useWalletChoice } from '../api/get-wallet-choice';
import { useInvoiceAccount } from '../api/get-invoice-account';
import { PricingSummary } from '../components/pricing-summary';
import { PromoCodeField } from '../components/promo-code-field';
import { ServiceTypeField } from '../components/service-type-field';
import { getDraft, newPackageLine, updateDraft, updatePackage, updateParty, useBookingDraft, type PartyDraft, type PartyRole } from '../draft/booking-draft';
import { useDraftCheck } from '../hooks/use-draft-check';
import { loadDraftChecker, useDraftChecker } from '../hooks/use-draft-checker';
import { useWideScreen } from '../hooks/use-wide-screen';
import { BOOKING_COLUMN_CLASSES, BOOKING_GRID_CLASSES } from '../../../app/landing/landing-intros';
import { cn } from '../../../lib/utils';

const isPristine = (p: PartyDraft) => !p.name && !p.mobileNumber && !p.email && !p.provinceCode && !p.streetName && !p.addressId;

/** Moves focus to the first field that says what is wrong, once the messages are on screen. */
function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-anchor]');
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  });
}

export interface BookingFormProps {
  signedIn: boolean;
  /** From `?deliveryType=`; the form follows it and reports changes back so the address stays shareable. */
  deliveryType: DeliveryType | undefined;
  onDeliveryTypeChange: (deliveryType: DeliveryType) => void;
  /** Shown above the form (a greeting). */
  intro?: ReactNode;
}

/** The booking form on `/`: what, from whom, to whom, extras and the live price; Continue goes to the summary. */
export function BookingForm({ signedIn, deliveryType, onDeliveryTypeChange, intro }: BookingFormProps) {
  const { t } = useLingui();
  const draft = useBookingDraft();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const wide = useWideScreen();
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  /** Continue was pressed before the rules had loaded: finish it as soon as they are here. */
  const [continuePending, setContinuePending] = useState(false);
  /** The package line just added, whose first field takes the focus once it is on screen. */
  const [focusLine, setFocusLine] = useState<string | null>(null);
  const checker = useDraftChecker(draft);
  const { check, errors, pricing, savedAddresses, saved, provinces, hubs, senderProvince, ready } = useDraftCheck(draft, signedIn, { checker });
  const wallet = useWalletChoice(signedIn);
  const account = useInvoiceAccount(signedIn, draft.bookFor);
  const localAreas = provinces.data?.filter((p) => p.isIntraCityEnabled).map((p) => p.name);

  // Only a change of the address decides here; the draft follows it, not the other way round (so the draft is
  // read from the store, not a dependency).
  useEffect(() => {
    if (deliveryType && deliveryType !== getDraft().deliveryType) updateDraft((d) => ({ ...d, deliveryType }));
  }, [deliveryType]);

  // A saved address is the quickest start: the default one becomes the sender of an untouched draft, and a
  // party left on "saved" without an address book (signed out, all deleted) falls back to typing one.
  useEffect(() => {
    if (signedIn && saved.isPending) return;
    const list = savedAddresses ?? [];
    (['sender', 'receiver'] as const).forEach((role) => {
      const party = draft[role];
      if (list.length === 0 && party.mode === 'saved') updateParty(role, { mode: 'new' });
    });
    const preferred = list.find((a) => a.isDefault) ?? list[0];
    if (preferred && draft.sender.mode === 'new' && isPristine(draft.sender)) {
      updateParty('sender', { mode: 'saved', addressId: preferred.id });
    }
  }, [signedIn, saved.isPending, savedAddresses, draft]);

  const visible = (key: string) => (submitted || touched.has(key) ? errors[key] : undefined);
  const touch = (key: string) => setTouched((set) => (set.has(key) ? set : new Set(set).add(key)));
  const partyProps = (role: PartyRole) => ({
    role,
    party: draft[role],
    onChange: (patch: Partial<PartyDraft>) => updateParty(role, patch),
    errorOf: (field: string) => visible(`${role}.${field}`),
    onTouched: (field: string) => touch(`${role}.${field}`),
    savedAddresses,
    signedIn,
    canSave: !draft.bookFor,
  });

  const addBox = (boxName: BoxName) => {
    const line = newPackageLine(boxName);
    updateDraft((d) => ({ ...d, packages: [...d.packages, line] }));
    setFocusLine(line.key);
    toast.success(t`${boxName} added`);
  };

  // The new line's fields (What's inside is required) sit above the catalogue: take the person there.
  // biome-ignore lint/correctness/useExhaustiveDependencies(draft.packages): the new line's fields appear when the packages change: look again then
  useEffect(() => {
    if (!focusLine) return;
    const field = formRef.current?.querySelector<HTMLElement>(`[data-line-key="${focusLine}"] input, [data-line-key="${focusLine}"] button[role="combobox"]`);
    if (!field) return;
    setFocusLine(null);
    field.scrollIntoView?.({ block: 'center' });
    field.focus({ preventScroll: true });
  }, [focusLine, draft.packages]);

  const promoError = pricing.current ? pricing.result?.promoCodeError : null;
  const errorCount = Object.keys(errors).length + (promoError ? 1 : 0);

  const onContinue = (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    if (!ready) {
      // The rules load on first use; an untouched form may not have them yet. Check once they are here
      // (the effect below), so one press always shows every problem.
      setContinuePending(true);
      void loadDraftChecker();
      return;
    }
    if (errorCount > 0) {
      focusFirstError(formRef.current);
      return;
    }
    if (!pricing.current) {
      toast.info(t`One moment: the price is still updating.`);
      return;
    }
    if (!signedIn) {
      toast.info(t`Sign in to continue. Everything you entered is kept.`);
      void navigate({ to: '/login' });
      return;
    }
    void navigate({ to: '/order-summary' });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies(onContinue): a new function each render; the pending press is finished once, when the rules arrive
  useEffect(() => {
    if (!continuePending || !ready) return;
    setContinuePending(false);
    onContinue();
  }, [continuePending, ready]);

  const boxNames = draft.packages.map((p) => p.boxName);
  const couldNotPrice = (reason: string) => t`We could not price this: ${reason}`;
  const notice =
    draft.packages.length === 0
      ? t`Add a package to see the price.`
      : check.pricing === null
        ? t`Fix the highlighted package or declared value to update the price.`
        : pricing.query.isError && !pricing.updating
          ? couldNotPrice(errorMessage(pricing.query.error))
          : null;

  const summary = (
    <PricingSummary result={pricing.result} current={pricing.current} updating={pricing.updating} notice={notice} promoCode={draft.promoCode || undefined} />
  );
  const attention =
    submitted && errorCount > 0 ? (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
        {t`${plural(errorCount, { one: 'One field needs your attention.', other: '# fields need your attention.' })}`}
      </p>
    ) : null;

  const signIn = signedIn ? null : (
    <p className="text-xs text-slate-600">
      <Trans>You will be asked to sign in. Everything you entered is kept.</Trans>
    </p>
  );

  return (
    <div className={cn(BOOKING_GRID_CLASSES, !wide && 'pb-32')}>
      <div className={BOOKING_COLUMN_CLASSES}>
        {intro}
        <form id="booking-form" ref={formRef} noValidate onSubmit={onContinue} aria-labelledby="booking-title" className="flex min-w-0 flex-col gap-6">
          <Card className="flex flex-col gap-4">
            <h1 id="booking-title" className="text-xl font-semibold text-slate-900">
              <Trans>Book a shipment</Trans>
            </h1>
            <DeliveryTypePicker
              value={draft.deliveryType}
              localAreas={localAreas}
              // Not a typing mistake but a fact about the chosen places: say it as soon as it is known.
              error={errors.deliveryType}
              onChange={(type) => {
                updateDraft((d) => ({ ...d, deliveryType: type }));
                onDeliveryTypeChange(type);
              }}
            />
            <ServiceTypeField
              value={draft.shipmentType}
              onChange={(shipmentType) => updateDraft((d) => ({ ...d, shipmentType }))}
              deliveryType={draft.deliveryType}
              senderProvinceName={senderProvince ? (provinces.data?.find((p) => p.provinceCode === senderProvince)?.name ?? senderProvince) : undefined}
              hubs={hubs.data}
              hubsLoading={hubs.isPending && hubs.fetchStatus !== 'idle'}
              hubId={draft.dropOffHubId}
              onHubChange={(dropOffHubId) => {
                updateDraft((d) => ({ ...d, dropOffHubId }));
                touch('dropOffHubId');
              }}
              hubError={visible('dropOffHubId')}
            />
          </Card>

          <Card>
            <PartyFields {...partyProps('sender')} />
          </Card>
          <Card className="flex flex-col gap-4">
            <PartyFields {...partyProps('receiver')} />
            <Checkbox
              label={t`Text the recipient a tracking link when I book`}
              checked={draft.textRecipientOnBooking}
              onChange={(event) => updateDraft((d) => ({ ...d, textRecipientOnBooking: event.target.checked }))}
            />
            <p className="-mt-2 text-xs text-slate-500">
              <Trans>We also text them when it is out for delivery, if an attempt fails, and when it is delivered. They can reply STOP.</Trans>
            </p>
          </Card>

          <Card id="packages" className="flex scroll-mt-4 flex-col gap-4">
            <CardTitle>
              <Trans>Packages</Trans>
            </CardTitle>
            {visible('packages') ? (
              <p role="alert" data-error-anchor tabIndex={-1} className="text-sm text-red-600">
                {visible('packages')}
              </p>
            ) : null}
            <PackageLinesEditor
              lines={draft.packages}
              onChange={updatePackage}
              onRemove={(key) => updateDraft((d) => ({ ...d, packages: d.packages.filter((p) => p.key !== key) }))}
              errorOf={visible}
              onTouched={touch}
            />
            <BoxPicker onAdd={addBox} />
          </Card>

          <Card className="flex flex-col gap-5">
            <CardTitle>
              <Trans>Insurance, promo and payment</Trans>
            </CardTitle>
            <FormField
              label={t`Declared value (₱)`}
              optional
              hint={t`Insurance is ₱10 up to ₱500, plus ₱5 for each ₱500 above.`}
              error={visible('declaredInsuranceValue')}
            >
              {(control) => (
                <NumericInput
                  {...control}
                  className="sm:max-w-xs"
                  value={draft.declaredInsuranceValue}
                  onValueChange={(declaredInsuranceValue) => updateDraft((d) => ({ ...d, declaredInsuranceValue }))}
                  onBlur={() => touch('declaredInsuranceValue')}
                />
              )}
            </FormField>
            <PromoCodeField
              applied={draft.promoCode}
              boxNames={boxNames}
              priceError={promoError}
              onApply={(promoCode) => updateDraft((d) => ({ ...d, promoCode }))}
              onRemove={() => updateDraft((d) => ({ ...d, promoCode: '' }))}
            />
            <PayerField
              value={draft.paidBy}
              error={visible('paidBy')}
              dropOff={draft.shipmentType === 'Drop Off'}
              wallet={wallet}
              account={account}
              totalInCents={pricing.result?.total === undefined ? null : Math.round(pricing.result.total * 100)}
              onChange={(paidBy) => updateDraft((d) => ({ ...d, paidBy }))}
            />
          </Card>
        </form>
      </div>

      {/* Wide screens: the price card sits beside the form. Phones: the bar below keeps the total in view. */}
      {wide ? (
        <aside aria-label={t`Price`} className="lg:sticky lg:top-4">
          <Card className="flex flex-col gap-4">
            {summary}
            {attention}
            <Button type="submit" form="booking-form" size="lg">
              <Trans>Continue</Trans> <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Button>
            {signIn}
          </Card>
        </aside>
      ) : (
        <MobileTotalBar
          formId="booking-form"
          total={pricing.result?.total}
          current={pricing.current}
          updating={pricing.updating}
          breakdown={
            <div className="flex flex-col gap-3">
              {summary}
              {signIn}
            </div>
          }
          alert={attention}
        />
      )}
    </div>
  );
}
