import type { CustomerBookingInput } from '@hatid/domain';
import { listBarangays, listCitiesMunicipalities, listProvinces, METRO_MANILA_CODE } from '../platform/psgc/index.js';
import type { TestApp } from './build-test-app.js';
import type { Session } from './auth.js';

/** A real place (PSGC) by province and city name, with its first barangay. */
export function place(provinceName: string, cityName: string) {
  const provinceCode = provinceName === 'Metro Manila' ? METRO_MANILA_CODE : listProvinces().find((p) => p.name === provinceName)!.code;
  const city = listCitiesMunicipalities(provinceCode).find((c) => c.name === cityName);
  if (!city) throw new Error(`No city ${cityName} in ${provinceName}`);
  return { provinceCode, cityCode: city.code, barangayCode: listBarangays(city.code)[0]!.code };
}

export function bookingInput(overrides: Partial<CustomerBookingInput> = {}): Omit<CustomerBookingInput, 'expectedTotalInCents'> {
  return {
    deliveryType: 'next_day',
    sender: { name: 'Ana Cruz', mobileNumber: '09171234567', streetName: '12 Sampaguita St', ...place('Metro Manila', 'Makati City') },
    receiver: { name: 'Ben Reyes', mobileNumber: '09181234567', streetName: '5 Colon St', ...place('Cebu', 'Cebu City') },
    packages: [{ boxName: 'Small Box', quantity: 1, weightInGrams: 1500, itemCategory: 'Books' }],
    declaredInsuranceValue: 0,
    paidBy: 'recipient',
    ...overrides,
  };
}

/** What the server would charge for this booking, as the booking page shows before confirming. */
export async function priceOf(t: TestApp, input: Omit<CustomerBookingInput, 'expectedTotalInCents'>, cookie?: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shipments/calculations',
    headers: cookie ? { cookie } : {},
    payload: {
      deliveryType: input.deliveryType,
      packages: input.packages.map(({ boxName, quantity, weightInGrams, lengthInCm, widthInCm, heightInCm }) => ({
        boxName,
        quantity,
        weightInGrams,
        lengthInCm,
        widthInCm,
        heightInCm,
      })),
      declaredInsuranceValue: input.declaredInsuranceValue,
      promoCode: input.promoCode,
      receiverProvinceCode: 'provinceCode' in input.receiver ? input.receiver.provinceCode : undefined,
    },
  });
  if (res.statusCode !== 200) throw new Error(`calculations failed: ${res.body}`);
  return res.json().data.totalInCents;
}

/** Books through the API as the signed-in person and returns the shipment. */
export async function book(t: TestApp, session: Session, overrides: Partial<CustomerBookingInput> = {}, headers: Record<string, string> = {}) {
  const input = bookingInput(overrides);
  const expectedTotalInCents = await priceOf(t, input, session.cookie);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shipments/customer',
    headers: { cookie: session.cookie, ...headers },
    payload: { ...input, expectedTotalInCents },
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; trackingNumber: string; totalInCents: number; deliveryStatus: string; status: string };
}
