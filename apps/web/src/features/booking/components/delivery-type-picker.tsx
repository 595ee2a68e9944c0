import { DELIVERY_TYPES, DELIVERY_TYPE_LABELS, type DeliveryType } from '@hatid/domain';
import { cn } from '../../../lib/utils';

const HINTS: Record<DeliveryType, string> = {
  next_day: 'Anywhere we deliver',
  same_day: 'Within the same metro',
  intra_city: 'Within the same province',
};

/** Next Day, Same Day or Intra-City as a segmented radio group (arrow keys move between them). */
export function DeliveryTypePicker({
  value,
  onChange,
  error,
}: {
  value: DeliveryType;
  onChange: (value: DeliveryType) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'delivery-type-error' : undefined}>
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
            <span className="hidden text-xs text-slate-500 sm:block">{HINTS[type]}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="delivery-type-error" role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
