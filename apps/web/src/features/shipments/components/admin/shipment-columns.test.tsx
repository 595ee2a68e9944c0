import { cleanup, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShipmentDto } from '@hatid/domain';
import { renderWithProviders as render } from '../../../../testing/render';
import { PaymentSummary } from '../payment-summary';
import { SHIPMENT_COLUMNS } from './shipment-columns';

afterEach(cleanup);

const shipment = (over: Partial<ShipmentDto>): ShipmentDto =>
  ({
    id: 's-1',
    trackingNumber: 'ND000000011PH',
    status: 'Cancelled',
    deliveryStatus: 'Order placed',
    paymentMethod: 'wallet',
    paidBy: 'wallet',
    paymentStatus: 'Pending',
    packagesTotalInCents: 24000,
    surchargeInCents: 0,
    subtotalInCents: 24000,
    declaredInsuranceValue: 0,
    insuranceFeeInCents: 0,
    retrievalFeeInCents: 0,
    feesInCents: 0,
    discountInCents: 0,
    totalInCents: 24000,
    codAmountInCents: 0,
    promoCode: null,
    ...over,
  }) as ShipmentDto;

/** The console list's Payment cell for one row. */
function paymentCell(s: ShipmentDto) {
  const col = SHIPMENT_COLUMNS.find((c) => 'accessorKey' in c && c.accessorKey === 'paymentStatus')!;
  const cell = col.cell as (context: { row: { original: ShipmentDto } }) => ReactElement;
  return render(cell({ row: { original: s } }));
}

describe('the payment status of a cancelled shipment', () => {
  it('reads "Refunded" in the console list when the wallet was refunded, never "Pending"', () => {
    paymentCell(shipment({}));
    expect(screen.getByText('Refunded')).toBeTruthy();
    expect(screen.getByText('Wallet')).toBeTruthy();
    expect(screen.queryByText('Pending')).toBeNull();
  });

  it('reads "Refunded" on the shipment page (customer and console)', () => {
    render(<PaymentSummary shipment={shipment({})} />);
    expect(screen.getByText('Payment status').nextElementSibling?.textContent).toBe('Refunded');
  });

  it('keeps the live status of a shipment that is not cancelled, and "Nothing due" for cash never paid', () => {
    paymentCell(shipment({ status: 'OnGoing', paymentStatus: 'Paid' }));
    expect(screen.getByText('Paid')).toBeTruthy();
    cleanup();
    paymentCell(shipment({ paymentMethod: 'cash', paidBy: 'recipient' }));
    expect(screen.getByText('Nothing due (cancelled)')).toBeTruthy();
  });
});
