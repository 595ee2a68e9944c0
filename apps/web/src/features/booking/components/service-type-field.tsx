import type { DeliveryType, HubDto, ServiceType } from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Clock, ExternalLink, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { SERVICE_TYPE_NAMES } from '../lib/labels';
import { PickupDate } from './pickup-date';

const OPTIONS: { value: ServiceType; detail: MessageDescriptor }[] = [
  { value: 'Pick Up', detail: msg`A rider collects the parcel from the sender.` },
  { value: 'Drop Off', detail: msg`Bring the parcel to a Hatid hub yourself.` },
];

/** A hub as the customer needs it to find the place: name, address, opening hours and a map link. */
export function HubDetails({ hub, children }: { hub: Pick<HubDto, 'name' | 'address' | 'openingHours' | 'mapUrl'>; children?: ReactNode }) {
  const name = hub.name;
  return (
    <span className="flex min-w-0 flex-col gap-0.5 text-sm">
      <span className="font-medium text-slate-900">{hub.name}</span>
      <span className="flex items-start gap-1 text-slate-700">
        <MapPin className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" /> {hub.address}
      </span>
      <span className="flex items-start gap-1 text-xs text-slate-600">
        <Clock className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" /> {hub.openingHours}
      </span>
      <a href={hub.mapUrl} target="_blank" rel="noopener noreferrer" className="flex items-center gap-1 self-start text-xs font-medium text-teal-800 underline">
        <Trans>
          Open in Maps<span className="sr-only">: {name} (opens in a new tab)</span>
        </Trans>
        <ExternalLink className="h-3 w-3" aria-hidden="true" />
      </a>
      {children}
    </span>
  );
}

function HubList({ hubs, value, onChange, error }: { hubs: readonly HubDto[]; value: string; onChange: (hubId: string) => void; error: string | undefined }) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'drop-off-hub-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">
        <Trans>Hub to drop off at</Trans>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {hubs.map((hub) => (
          <label
            key={hub.id}
            className={cn(
              'flex cursor-pointer gap-2 rounded-lg border bg-white p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600',
              value === hub.id ? 'border-teal-700 bg-teal-50' : 'border-slate-300',
            )}
          >
            <input
              type="radio"
              name="dropOffHubId"
              value={hub.id}
              checked={value === hub.id}
              onChange={() => onChange(hub.id)}
              aria-invalid={error ? true : undefined}
              className="mt-0.5 h-4 w-4 shrink-0 accent-teal-700"
            />
            <HubDetails hub={hub} />
          </label>
        ))}
      </div>
      {error ? (
        <p id="drop-off-hub-error" role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Pick up or drop off (the spec's service types). Pick Up shows the pickup day; Drop Off lists the hubs
 * of the sender's province that take parcels, and no pickup day (nobody comes).
 */
export function ServiceTypeField({
  value,
  onChange,
  deliveryType,
  senderProvinceName,
  hubs,
  hubsLoading,
  hubId,
  onHubChange,
  hubError,
}: {
  value: ServiceType;
  onChange: (value: ServiceType) => void;
  deliveryType: DeliveryType;
  /** Undefined until the sender's province is chosen. */
  senderProvinceName: string | undefined;
  hubs: readonly HubDto[] | undefined;
  hubsLoading: boolean;
  hubId: string;
  onHubChange: (hubId: string) => void;
  hubError: string | undefined;
}) {
  const { t, i18n } = useLingui();
  const province = senderProvinceName;
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">
          <Trans>How we get the parcel</Trans>
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {OPTIONS.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer gap-2 rounded-lg border bg-white p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600',
                value === option.value ? 'border-teal-700 bg-teal-50' : 'border-slate-300',
              )}
            >
              <input
                type="radio"
                name="shipmentType"
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-describedby={`service-${option.value.replace(' ', '-')}-details`}
                className="mt-0.5 h-4 w-4 shrink-0 accent-teal-700"
              />
              <span className="flex flex-col gap-0.5">
                <span className="font-medium text-slate-900">{i18n._(SERVICE_TYPE_NAMES[option.value])}</span>
                <span id={`service-${option.value.replace(' ', '-')}-details`} className="text-xs text-slate-600">
                  {i18n._(option.detail)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {value === 'Pick Up' ? (
        <PickupDate deliveryType={deliveryType} />
      ) : !senderProvinceName ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="drop-off-hubs-waiting">
          <Trans>Choose the sender's province below to see the Hatid hubs where you can drop the parcel off.</Trans>
          {hubError ? <span className="mt-1 block text-red-600">{hubError}</span> : null}
        </p>
      ) : hubsLoading ? (
        <Spinner label={t`Loading hubs`} />
      ) : hubs && hubs.length > 0 ? (
        <HubList hubs={hubs} value={hubId} onChange={onHubChange} error={hubError} />
      ) : (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <Trans>There is no Hatid hub taking parcels in {province} yet. Choose Pick up and a rider will collect it.</Trans>
        </p>
      )}
    </div>
  );
}
