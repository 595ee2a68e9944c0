import { DELIVERY_TYPES, SERVICE_TYPES, type DeliveryType, type ServiceType } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { inputClasses } from '../../../../components/ui/input';
import { DELIVERY_TYPE_NAMES } from '../../../../i18n/shipment-labels';
import { SERVICE_TYPE_NAMES } from '../../lib/shipment-labels';
import type { AdminShipmentsSearch } from '../../lib/admin-list-search';

const select = `${inputClasses} pr-8`;

type FilterPatch = Pick<AdminShipmentsSearch, 'deliveryType' | 'shipmentType' | 'startDate' | 'endDate'>;

/** Service, pickup or drop-off, and the booking dates; each change goes to the address (and the server). */
export function ShipmentFilters({ search, onChange }: { search: AdminShipmentsSearch; onChange: (patch: FilterPatch) => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:flex lg:flex-none">
      <legend className="sr-only">
        <Trans>Filters</Trans>
      </legend>
      <div className="flex min-w-0 flex-col gap-1.5 lg:w-36">
        <label htmlFor={`${id}-type`} className="text-sm font-medium text-slate-800">
          <Trans>Delivery type</Trans>
        </label>
        <select
          id={`${id}-type`}
          className={select}
          value={search.deliveryType ?? ''}
          onChange={(event) => onChange({ deliveryType: (event.target.value || undefined) as DeliveryType | undefined })}
        >
          <option value="">{t`All`}</option>
          {DELIVERY_TYPES.map((type) => (
            <option key={type} value={type}>
              {i18n._(DELIVERY_TYPE_NAMES[type])}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5 lg:w-32">
        <label htmlFor={`${id}-service`} className="text-sm font-medium text-slate-800">
          <Trans>Service</Trans>
        </label>
        <select
          id={`${id}-service`}
          className={select}
          value={search.shipmentType ?? ''}
          onChange={(event) => onChange({ shipmentType: (event.target.value || undefined) as ServiceType | undefined })}
        >
          <option value="">{t`All`}</option>
          {SERVICE_TYPES.map((type) => (
            <option key={type} value={type}>
              {i18n._(SERVICE_TYPE_NAMES[type])}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5 lg:w-40">
        <label htmlFor={`${id}-from`} className="text-sm font-medium text-slate-800">
          <Trans>Booked from</Trans>
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className={inputClasses}
          value={search.startDate ?? ''}
          max={search.endDate}
          onChange={(event) => onChange({ startDate: event.target.value || undefined })}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5 lg:w-40">
        <label htmlFor={`${id}-to`} className="text-sm font-medium text-slate-800">
          <Trans>Booked until</Trans>
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className={inputClasses}
          value={search.endDate ?? ''}
          min={search.startDate}
          onChange={(event) => onChange({ endDate: event.target.value || undefined })}
        />
      </div>
    </fieldset>
  );
}
