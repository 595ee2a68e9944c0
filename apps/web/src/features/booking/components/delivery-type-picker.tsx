import { DELIVERY_TYPES, DELIVERY_TYPE_LABELS, type DeliveryType } from '@hatid/domain';
import { cn } from '../../../lib/utils';

/** One line each, shown at every width: a phone user chooses on the same facts as a desktop one. */
export const DELIVERY_TYPE_HINTS: Record<DeliveryType, string> = {
  next_day: 'Anywhere we deliver',
  same_day: 'Today, within one province',
  intra_city: 'Within one province',
};

/** "Metro Manila, Cebu and Davao del Sur". */
function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

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
  const describedBy = [localAreas?.length ? 'delivery-type-areas' : '', error ? 'delivery-type-error' : ''].filter(Boolean).join(' ');
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy || undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">Delivery type</legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
        {DELIVERY_TYPES.map((type) => (
          <label
            key={type}
            className={cn(
              'flex cursor-pointer flex-col items-center justify-center rounded-md px-1 py-2 text-center has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600',
              value === type ? 'bg-white text-teal-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            <input
              type="radio"
              name="deliveryType"
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
              className="sr-only"
            />
            <span className="text-sm font-semibold">{DELIVERY_TYPE_LABELS[type]}</span>
            <span className="text-xs leading-tight text-slate-600">{DELIVERY_TYPE_HINTS[type]}</span>
          </label>
        ))}
      </div>
      {localAreas?.length ? (
        <p id="delivery-type-areas" data-testid="delivery-type-areas" className="text-xs text-slate-600">
          Same Day and Intra-City pick up and deliver within one province: {listOf(localAreas)}.
        </p>
      ) : localAreas === undefined ? (
        // While the areas load, the same sentence keeps its place unseen: the form below does not jump when it arrives.
        <p aria-hidden="true" className="invisible text-xs">
          Same Day and Intra-City pick up and deliver within one province: Metro Manila, Cebu and Davao del Sur.
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
