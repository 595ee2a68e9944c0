import type { ShipmentDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatMobileNumber } from '../../../lib/format';

type Party = ShipmentDto['senderAddress'];

function PartyBlock({ title, party }: { title: string; party: Party }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 text-sm">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <p className="font-medium break-words text-slate-900">{party.name}</p>
      <p className="text-slate-700">{formatMobileNumber(party.mobileNumber)}</p>
      {party.email ? <p className="break-all text-slate-700">{party.email}</p> : null}
      <p className="break-words text-slate-700">
        {party.streetName}, {party.barangayName}, {party.cityLabel}, {party.provinceName}
      </p>
    </div>
  );
}

export function ShipmentParties({ shipment }: { shipment: ShipmentDto }) {
  const { t } = useLingui();
  return (
    <Card aria-labelledby="parties-title">
      <CardTitle id="parties-title">
        <Trans>Sender and receiver</Trans>
      </CardTitle>
      <div className="mt-4 grid grid-cols-1 gap-5 sm:grid-cols-2">
        <PartyBlock title={t`Sender`} party={shipment.senderAddress} />
        <PartyBlock title={t`Receiver`} party={shipment.receiverAddress} />
      </div>
    </Card>
  );
}
