import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { AddressList } from '../components/address-list';

export function AddressesPage() {
  return (
    <section className="flex flex-col gap-4" aria-labelledby="addresses-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="addresses-title" className="text-lg font-semibold text-slate-900">
            <Trans>Saved addresses</Trans>
          </h2>
          <p className="text-sm text-slate-600">
            <Trans>Senders and recipients you ship with often.</Trans>
          </p>
        </div>
        <Link to="/settings/addresses/add" className={buttonClasses('primary', 'md')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>Add address</Trans>
        </Link>
      </div>
      <AddressList />
    </section>
  );
}
