import { formatMobileNumber, type AdminUserDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { api, errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../booking/hooks/use-debounced-value';

interface CustomersPage {
  data: AdminUserDto[];
}

export const customerName = (u: AdminUserDto) => `${u.firstName} ${u.lastName}`.trim();

/** "+63 917 123 4567 · juan@example.ph": how a customer is told apart from another of the same name. */
export const customerDetail = (u: AdminUserDto) => [u.mobileNumber ? formatMobileNumber(u.mobileNumber) : null, u.email].filter(Boolean).join(' · ');

/**
 * Search the active customers (GET /users/customers by name, email or mobile number; a partner sees its
 * own customers only) and choose one. "Book for a customer" and the business owner/member picker both
 * find people this way; each says what a match means for it (`note`) and what an empty result suggests.
 */
export function CustomerSearch({
  limit,
  listLabel,
  onChoose,
  note,
  emptyText,
  autoFocus = false,
  renderField,
}: {
  limit: number;
  listLabel: string;
  onChoose: (customer: AdminUserDto) => void;
  note?: (customer: AdminUserDto) => ReactNode;
  emptyText: (term: string) => string;
  autoFocus?: boolean;
  /** Wraps the search box in the caller's field (its label and error), e.g. FormField. */
  renderField: (input: (control: ComponentProps<'input'>) => ReactNode) => ReactNode;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 250);
  const customers = useQuery({
    queryKey: ['users', 'customers', 'picker', term, limit],
    queryFn: ({ signal }) =>
      api.get<CustomersPage>('/users/customers', { signal, responseType: 'body', query: { search: term || undefined, status: 'ACTIVE', limit, page: 1 } }),
    placeholderData: keepPreviousData,
  });
  const loadProblem = customers.isError ? errorMessage(customers.error) : '';
  return (
    <div className="flex flex-col gap-2">
      {renderField((control) => (
        <Input
          {...control}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t`Name, mobile number or email`}
          autoComplete="off"
          autoFocus={autoFocus}
        />
      ))}
      {customers.isPending ? (
        <Spinner label={t`Loading customers`} className="py-2" />
      ) : customers.isError ? (
        <p role="alert" className="text-sm text-red-700">
          <Trans>We could not load customers: {loadProblem}</Trans>
        </p>
      ) : customers.data.data.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyText(term)}</p>
      ) : (
        <ul aria-label={listLabel} className="flex max-h-72 flex-col divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
          {customers.data.data.map((customer) => (
            <li key={customer.id}>
              <button
                type="button"
                onClick={() => onChoose(customer)}
                className="flex w-full flex-col items-start px-3 py-2.5 text-left text-sm hover:bg-teal-50 focus-visible:bg-teal-50 focus-visible:outline-none"
              >
                <span className="font-medium text-slate-900">{customerName(customer)}</span>
                <span className="text-xs text-slate-600">{customerDetail(customer)}</span>
                {note?.(customer)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
