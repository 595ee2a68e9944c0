import type { AdminUserDto } from '@hatid/domain';
import { useNavigate } from '@tanstack/react-router';
import { Modal } from '../../../../components/ui/modal';
import { startBookingFor } from '../../../booking/draft/booking-draft';
import { CustomerSearch, customerName } from '../../../users/components/customer-search';

/**
 * "Book for a customer": pick an active customer (a partner sees its own customers only), then the booking
 * form opens in that customer's name.
 */
export function BookForCustomerDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();

  const choose = (customer: AdminUserDto) => {
    startBookingFor({ id: customer.id, name: customerName(customer), businessId: customer.businessId, invoiceAccountName: customer.invoiceAccountName });
    onOpenChange(false);
    void navigate({ to: '/' });
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Book for a customer"
      description="Choose whose shipment this is. The booking form then opens in their name."
    >
      {open ? (
        <CustomerSearch
          limit={8}
          listLabel="Matching customers"
          autoFocus
          onChoose={choose}
          emptyText={(term) => (term ? `No customer matches “${term}”.` : 'No customers yet.')}
          note={(customer) =>
            customer.invoiceAccountName ? <span className="text-xs text-teal-800">Ships on {customer.invoiceAccountName}&rsquo;s account (invoice)</span> : null
          }
          renderField={(input) => (
            // biome-ignore lint/a11y/noLabelWithoutControl: the control is what input() renders
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
              Customer
              {input({})}
            </label>
          )}
        />
      ) : null}
    </Modal>
  );
}
