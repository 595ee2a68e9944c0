import type { AdminUserDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Modal } from '../../../../components/ui/modal';
import { startBookingFor } from '../../../booking/draft/booking-draft';
import { CustomerSearch, customerName } from '../../../users/components/customer-search';

/**
 * "Book for a customer": pick an active customer (a partner sees its own customers only), then the booking
 * form opens in that customer's name.
 */
export function BookForCustomerDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
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
      title={t`Book for a customer`}
      description={t`Choose whose shipment this is. The booking form then opens in their name.`}
    >
      {open ? (
        <CustomerSearch
          limit={8}
          listLabel={t`Matching customers`}
          autoFocus
          onChoose={choose}
          emptyText={(term) => (term ? t`No customer matches “${term}”.` : t`No customers yet.`)}
          note={(customer) => {
            const account = customer.invoiceAccountName;
            return account ? (
              <span className="text-xs text-teal-800">
                <Trans>Ships on {account}’s account (invoice)</Trans>
              </span>
            ) : null;
          }}
          renderField={(input) => (
            // biome-ignore lint/a11y/noLabelWithoutControl: the control is what input() renders
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
              {t({ context: 'person', message: 'Customer' })}
              {input({})}
            </label>
          )}
        />
      ) : null}
    </Modal>
  );
}
