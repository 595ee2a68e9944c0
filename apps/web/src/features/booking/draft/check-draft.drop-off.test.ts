import type { HubDto } from '@hatid/domain';
import { describe, expect, it } from 'vitest';
import { emptyDraft, newPackageLine, type BookingDraft } from './booking-draft';
import { checkDraft } from './check-draft';

const hub = (id: string): HubDto => ({
  id,
  name: `Hub ${id}`,
  provinceCode: '1300000000',
  provinceName: 'Metro Manila',
  address: '1 Ayala Avenue',
  openingHours: 'Mon–Sat',
  latitude: 14.5,
  longitude: 121,
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=14.5,121',
  isActive: true,
});

function draft(over: Partial<BookingDraft>): BookingDraft {
  const party = { mode: 'saved' as const, addressId: '' };
  return {
    ...emptyDraft(),
    sender: { ...emptyDraft().sender, ...party, addressId: '11111111-1111-4111-8111-111111111111' },
    receiver: { ...emptyDraft().receiver, ...party, addressId: '22222222-2222-4222-8222-222222222222' },
    packages: [newPackageLine('Small Box', { itemCategory: 'Books' })],
    ...over,
  };
}

describe('service type', () => {
  it('books Pick Up as before, without a hub', () => {
    const { booking, errors } = checkDraft(draft({ dropOffHubId: 'ignored' }));
    expect(errors).toEqual({});
    expect(booking).toMatchObject({ shipmentType: 'Pick Up' });
    expect(booking).not.toHaveProperty('dropOffHubId');
  });

  it("asks for a hub on Drop Off, one of the sender province's, and sends it", () => {
    expect(checkDraft(draft({ shipmentType: 'Drop Off' })).errors).toEqual({ dropOffHubId: 'Choose the hub where you will drop off the parcel' });
    const hubs = [hub('a'), hub('b')];
    expect(checkDraft(draft({ shipmentType: 'Drop Off', dropOffHubId: 'z' }), { hubs }).errors.dropOffHubId).toBe(
      "Choose one of the hubs in the sender's province",
    );
    const { booking } = checkDraft(draft({ shipmentType: 'Drop Off', dropOffHubId: 'b' }), { hubs });
    expect(booking).toMatchObject({ shipmentType: 'Drop Off', dropOffHubId: 'b' });
  });
});
