import { formatMobileNumber, type AdminUserDto } from '@hatid/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Input } from '../../../../components/ui/input';
import { Modal } from '../../../../components/ui/modal';
import { Spinner } from '../../../../components/ui/spinner';
import { api } from '../../../../lib/api-client';
import { startBookingFor } from '../../../booking/draft/booking-draft';
import { useDebouncedValue } from '../../../booking/hooks/use-debounced-value';

interface CustomersPage {
  data: AdminUserDto[];
  total: number;
}

const fullName = (u: AdminUserDto) => `${u.firstName} ${u.lastName}`.trim();

/**
 * "Book for a customer": pick an active customer (GET /users/customers, searched by name, email or mobile
 * number; a partner sees its own customers only), then the booking form opens in that customer's name.
 */
export function BookForCustomerDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 250);
  const customers = useQuery({
    queryKey: ['users', 'customers', 'picker', term],
    queryFn: ({ signal }) =>
      api.get<CustomersPage>('/users/customers', { signal, responseType: 'body', query: { search: term || undefined, status: 'ACTIVE', limit: 8, page: 1 } }),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const choose = (customer: AdminUserDto) => {
    startBookingFor({ id: customer.id, name: fullName(customer), businessId: customer.businessId, invoiceAccountName: customer.invoiceAccountName });
    onOpenChange(false);
    void navigate({ to: '/' });
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Book for a customer" description="Choose whose shipment this is. The booking form then opens in their name.">
      <div className="flex flex-col gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Customer
          <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Name, email or mobile number" autoFocus />
        </label>
        {customers.isPending ? (
          <Spinner label="Loading customers" className="py-6" />
        ) : customers.isError ? (
          <p role="alert" className="text-sm text-red-700">
            We could not load customers: {customers.error.message}
          </p>
        ) : customers.data.data.length === 0 ? (
          <p className="text-sm text-slate-600">No customer matches “{term}”.</p>
        ) : (
          <ul aria-label="Matching customers" className="flex max-h-80 flex-col divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
            {customers.data.data.map((customer) => (
              <li key={customer.id}>
                <button
                  type="button"
                  onClick={() => choose(customer)}
                  className="flex w-full flex-col items-start px-3 py-2.5 text-left text-sm hover:bg-teal-50 focus-visible:bg-teal-50 focus-visible:outline-none"
                >
                  <span className="font-medium text-slate-900">{fullName(customer)}</span>
                  <span className="text-xs text-slate-600">{[formatMobileNumber(customer.mobileNumber), customer.email].filter(Boolean).join(' · ')}</span>
                  {customer.invoiceAccountName ? <span className="text-xs text-teal-800">Ships on {customer.invoiceAccountName}&rsquo;s account (invoice)</span> : null}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
