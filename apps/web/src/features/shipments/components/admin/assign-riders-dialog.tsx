import type { RiderDto, ShipmentDto } from '@hatid/domain';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useAccess } from '../../../../lib/ability';
import { canOpenPath } from '../../../console/screens';
import { toast } from '../../../../lib/toast';
import { FormField } from '../../../../components/ui/form-field';
import { inputClasses } from '../../../../components/ui/input';
import { FormModal } from '../../../../components/ui/modal';
import { errorMessage } from '../../../../lib/api-client';
import { useAssignRiders, useRidersServing, type RiderChoice } from '../../api/assign-riders';
import type { BulkResult } from '../../api/bulk-updates';

const KEEP = '';
const NONE = 'none';

/** "Ramon Aquino · online · 2 active": who, whether the rider app is open now, and how many parcels they hold. */
const riderLabel = (i18n: I18n, r: RiderDto) => {
  const active = r.activeAssignments;
  return `${r.name} · ${i18n._(r.isOnline ? msg`online` : msg`offline`)} · ${i18n._(msg`${active} active`)}`;
};

function RiderSelect({
  label,
  city,
  cityName,
  value,
  onChange,
}: {
  label: string;
  city: string | null;
  cityName: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const { t, i18n } = useLingui();
  const riders = useRidersServing(city);
  const access = useAccess();
  // An empty list says how to fill it: a rider's service areas are set in Users (the link only for those who may open it).
  const empty: ReactNode = canOpenPath(access, '/users') ? (
    <Trans>
      No rider serves {cityName} yet — set a rider’s service areas in{' '}
      <Link to="/users" search={{ role: 'rider' }} className="font-medium text-teal-700 underline">
        Users
      </Link>
    </Trans>
  ) : (
    t`No rider serves ${cityName} yet — ask an admin to set a rider's service areas in Users`
  );
  const hint = riders.isPending ? t`Loading riders…` : riders.data?.length === 0 ? empty : t`Riders serving ${cityName}, online first`;
  return (
    <FormField label={label} hint={hint}>
      {(control) => (
        <select
          id={control.id}
          aria-describedby={control['aria-describedby']}
          className={inputClasses}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value={KEEP}>{t`Keep as it is`}</option>
          <option value={NONE}>{t`Nobody (unassign)`}</option>
          {riders.data?.map((r) => (
            <option key={r.id} value={r.id}>
              {riderLabel(i18n, r)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

const toChoice = (value: string): string | null | undefined => (value === KEEP ? undefined : value === NONE ? null : value);

/**
 * Dispatch: a pickup rider (from the riders serving the sender's city) and a delivery rider (the
 * recipient's city) for the selected shipments. The pickers follow the first selected shipment's places.
 */
export function AssignRidersDialog({
  shipments,
  open,
  onOpenChange,
  onDone,
  canPickup,
  canDelivery,
}: {
  shipments: ShipmentDto[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (result: BulkResult) => void;
  canPickup: boolean;
  canDelivery: boolean;
}) {
  const { t } = useLingui();
  const assign = useAssignRiders();
  const [pickup, setPickup] = useState(KEEP);
  const [delivery, setDelivery] = useState(KEEP);
  const [problem, setProblem] = useState<string | null>(null);
  const first = shipments[0];
  const mixed = (pick: (s: ShipmentDto) => string) => new Set(shipments.map(pick)).size > 1;
  const firstNumber = first?.trackingNumber ?? '';
  const count = shipments.length;

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={count === 1 ? t`Assign riders to ${firstNumber}` : t`Assign riders to ${count} shipments`}
      description={
        mixed((s) => s.senderAddress.cityCode) || mixed((s) => s.receiverAddress.cityCode)
          ? t`These shipments are in more than one city: the riders listed serve the first one’s places.`
          : t`The rider is told at once in the rider app.`
      }
      submitLabel={t`Assign`}
      pending={assign.isPending}
      problem={problem}
      onSubmit={async (event) => {
        event.preventDefault();
        setProblem(null);
        const choice: RiderChoice = {};
        const p = toChoice(pickup);
        const d = toChoice(delivery);
        if (p !== undefined) choice.pickupRiderId = p;
        if (d !== undefined) choice.dropOffRiderId = d;
        if (Object.keys(choice).length === 0) return setProblem(t`Choose a pickup or a delivery rider`);
        try {
          const result = await assign.mutateAsync({ shipments, choice });
          onDone(result);
          if (result.failed.length === 0) {
            toast.success(t`Riders assigned to ${plural(result.updated.length, { one: '# shipment', other: '# shipments' })}`);
            onOpenChange(false);
          } else {
            setProblem(result.failed.map((f) => `${f.trackingNumber}: ${f.message}`).join('; '));
          }
        } catch (error) {
          setProblem(errorMessage(error));
        }
      }}
    >
      {first && canPickup ? (
        <RiderSelect label={t`Pickup rider`} city={first.senderAddress.cityCode} cityName={first.senderAddress.cityLabel} value={pickup} onChange={setPickup} />
      ) : null}
      {first && canDelivery ? (
        <RiderSelect
          label={t`Delivery rider`}
          city={first.receiverAddress.cityCode}
          cityName={first.receiverAddress.cityLabel}
          value={delivery}
          onChange={setDelivery}
        />
      ) : null}
    </FormModal>
  );
}
