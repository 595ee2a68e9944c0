import type { AddressDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { MapPin, Pencil, Trash2 } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { formatMobileNumber } from '../../../lib/format';

export function AddressCard({ address, onDelete }: { address: AddressDto; onDelete: () => void }) {
  const { t } = useLingui();
  const title = address.label || address.name;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start" aria-label={title}>
      <MapPin className="hidden h-5 w-5 shrink-0 text-teal-700 sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-slate-900">{title}</h3>
          {address.isDefault ? (
            <span className="rounded-full bg-teal-50 px-2 py-0.5 text-xs font-medium text-teal-800">
              <Trans>Default</Trans>
            </span>
          ) : null}
        </div>
        <p className="text-sm text-slate-800">
          {address.label ? `${address.name} · ` : ''}
          {formatMobileNumber(address.mobileNumber)}
        </p>
        {address.email ? <p className="text-sm break-all text-slate-600">{address.email}</p> : null}
        <p className="mt-1 text-sm text-slate-600">
          {address.streetName}, {address.barangayName}, {address.cityLabel}, {address.provinceName}
        </p>
      </div>
      <div className="flex gap-2 sm:flex-col">
        <Link to="/settings/addresses/add" search={{ id: address.id }} className={buttonClasses('secondary', 'sm')} aria-label={t`Edit ${title}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" /> <Trans>Edit</Trans>
        </Link>
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={onDelete} aria-label={t`Delete ${title}`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> <Trans>Delete</Trans>
        </Button>
      </div>
    </li>
  );
}
