import type { CalculationInput, CalculationResult, ShipmentDto } from '@hatid/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * "Duplicate" books the same parties, packages, service and payer again, priced anew (the server refuses
 * a total the person did not see). The new price is quoted first from the shipment's own lines: no promo
 * code (a code is claimed by one booking), and staff-entered fees only for those who carry them over.
 */
export function duplicateQuoteInput(shipment: ShipmentDto, carriesFees: boolean): CalculationInput {
  return {
    deliveryType: shipment.deliveryType,
    packages: shipment.packages.map((p) => ({
      boxName: (p.category === 'Cargo' ? 'Cargo' : p.boxName) as CalculationInput['packages'][number]['boxName'],
      quantity: p.quantity,
      weightInGrams: p.weightInGrams ?? 0,
      lengthInCm: p.lengthInCm ?? 0,
      widthInCm: p.widthInCm ?? 0,
      heightInCm: p.heightInCm ?? 0,
    })),
    declaredInsuranceValue: shipment.declaredInsuranceValue,
    receiverProvinceCode: shipment.receiverAddress.provinceCode,
    ...(carriesFees && shipment.feesInCents > 0 ? { othersFeeInCents: shipment.feesInCents } : {}),
  };
}

export const duplicateQuoteQueryOptions = (shipment: ShipmentDto, carriesFees: boolean) =>
  queryOptions({
    queryKey: ['shipments', 'duplicate-quote', shipment.trackingNumber, carriesFees],
    queryFn: ({ signal }) => api.post<CalculationResult>('/shipments/calculations', duplicateQuoteInput(shipment, carriesFees), { signal }),
    staleTime: 15_000,
  });

/** POST /shipments/duplicate with the total the person confirmed. */
export function duplicateShipment(trackingNumber: string, expectedTotalInCents: number, idempotencyKey: string): Promise<ShipmentDto> {
  return api.post<ShipmentDto>('/shipments/duplicate', { trackingNumber, expectedTotalInCents }, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useDuplicateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ trackingNumber, expectedTotalInCents, idempotencyKey }: { trackingNumber: string; expectedTotalInCents: number; idempotencyKey: string }) =>
      duplicateShipment(trackingNumber, expectedTotalInCents, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['shipments'] }),
  });
}
