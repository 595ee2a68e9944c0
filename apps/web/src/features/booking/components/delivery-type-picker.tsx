import { DELIVERY_TYPES, DELIVERY_TYPE_LABELS, type DeliveryType } from '@hatid/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { cn } from '../../../lib/utils';

/** One line each, shown at every width: a phone user chooses on the same facts as a desktop one. */
export const DELIVERY_TYPE_HINTS: Record<DeliveryType, MessageDescriptor> = {
  next_day: msg`Anywhere we deliver`,
  same_day: msg`Today, within one province`,
  intra_city: msg`Within one province`,
};

/** "Metro Manila, Cebu and Davao del Sur" / "Metro Manila, Cebu at Davao del Sur". */
function listOf(i18n: I18n, names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  const first = names.slice(0, -1).join(', ');
  const last = names[names.length - 1] ?? '';
  return i18n._(msg`${first} and ${last}`);
}

/** Three provinces' worth of words, to keep the sentence's place while the real list loads. */
const PLACEHOLDER_AREAS = ['Metro Manila', 'Cebu', 'Davao del Sur'];

/** Next Day, Same Day or Intra-City as a segmented radio group (arrow keys move between them). */
export function DeliveryTypePicker({
  value,
  onChange,
  error,
  localAreas,
}: {
  value: DeliveryType;
  onChange: (value: DeliveryType) => void;
  error?: string | undefined;
  /** Names of the provinces where Same Day and Intra-City run (both stay inside one of them); undefined while loading. */
  localAreas?: readonly string[] | undefined;
}) {
  const { i18n } = useLingui();
  // While the areas load, three provinces' worth of words keep the sentence's place.
  const areas = listOf(i18n, localAreas?.length ? localAreas : PLACEHOLDER_AREAS);
  const describedBy = [localAreas?.length ? 'delivery-type-areas' : '', error ? 'delivery-type-error' : ''].filter(Boolean).join(' ');
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy || undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">
        <Trans>Delivery type</Trans>
      </legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
        {DELIVERY_TYPES.map((type) => (
          <label
            key={type}
            className={cn(
              'flex cursor-pointer flex-col items-center justify-center rounded-md px-1 py-2 text-center has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600',
              value === type ? 'bg-white text-teal-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            <input type="radio" name="deliveryType" value={type} checked={value === type} onChange={() => onChange(type)} className="sr-only" />
            <span className="text-sm font-semibold">{DELIVERY_TYPE_LABELS[type]}</span>
            <span className="text-xs leading-tight text-slate-600">{i18n._(DELIVERY_TYPE_HINTS[type])}</span>
          </label>
        ))}
      </div>
      {localAreas?.length ? (
        <p id="delivery-type-areas" data-testid="delivery-type-areas" className="text-xs text-slate-600">
          <Trans>Same Day and Intra-City pick up and deliver within one province: {areas}.</Trans>
        </p>
      ) : localAreas === undefined ? (
        // While the areas load, the same sentence keeps its place unseen: the form below does not jump when it arrives.
        <p aria-hidden="true" className="invisible text-xs">
          <Trans>Same Day and Intra-City pick up and deliver within one province: {areas}.</Trans>
        </p>
      ) : null}
      {error ? (
        <p id="delivery-type-error" role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
