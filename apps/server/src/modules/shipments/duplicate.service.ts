import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../core/actor.js';
import { bookingReach } from './booking-access.js';
import type { BookingInput } from './booking.service.js';
import { packagesOf } from './shipments.repository.js';
import { findVisibleShipment } from './status.service.js';

/**
 * "Book again": the same parties, packages, service and payer as a shipment the actor may see, priced
 * anew (promo codes are not carried over: a code is claimed by one booking). The copy is for the same
 * owner when the actor books for others (bookShipment then checks they may book for that owner); anyone
 * else books the copy for themselves (a business member booking again a colleague's parcel).
 */
export async function duplicateBookingInput(db: DbOrTx, actor: Actor, trackingNumber: string, expectedTotalInCents: number): Promise<BookingInput> {
  const source = await findVisibleShipment(db, actor, trackingNumber);
  const packages = (await packagesOf(db, [source.id])).get(source.id) ?? [];
  const party = (side: 'sender' | 'receiver') => {
    const s = side === 'sender';
    return {
      name: s ? source.senderName : source.receiverName,
      mobileNumber: s ? source.senderMobileNumber : source.receiverMobileNumber,
      ...((s ? source.senderEmail : source.receiverEmail) ? { email: (s ? source.senderEmail : source.receiverEmail)! } : {}),
      provinceCode: s ? source.senderProvinceCode : source.receiverProvinceCode,
      cityCode: s ? source.senderCityCode : source.receiverCityCode,
      barangayCode: s ? source.senderBarangayCode : source.receiverBarangayCode,
      streetName: s ? source.senderStreetName : source.receiverStreetName,
    };
  };
  return {
    ownerId: source.ownerId === actor.id || bookingReach(actor) ? source.ownerId : actor.id,
    deliveryType: source.deliveryType,
    shipmentType: source.shipmentType,
    ...(source.dropOffHubId ? { dropOffHubId: source.dropOffHubId } : {}),
    sender: party('sender'),
    receiver: party('receiver'),
    packages: packages.map((p) => ({
      boxName: p.packagingCategory === 'Cargo' ? 'Cargo' : p.boxName,
      itemCategory: p.itemCategory ?? 'Other',
      ...(p.description ? { description: p.description } : {}),
      quantity: p.quantity,
      weightInGrams: p.weightInGrams,
      lengthInCm: p.lengthInCm ?? 0,
      widthInCm: p.widthInCm ?? 0,
      heightInCm: p.heightInCm ?? 0,
    })),
    declaredInsuranceValue: source.declaredValueInCents / 100,
    promoCode: null,
    paidBy: source.paidBy,
    expectedTotalInCents,
    // Staff-entered fees belong to that parcel; only staff carry them over.
    ...(actor.ability.can('book_for_other_user', 'Shipment')
      ? {
          dangerousGoodsFeeInCents: source.dangerousGoodsFeeInCents,
          fuelChargeFeeInCents: source.fuelChargeFeeInCents,
          othersFeeInCents: source.othersFeeInCents,
          sizeAdjustmentFeeInCents: source.sizeAdjustmentFeeInCents,
        }
      : {}),
    ...(source.notes ? { notes: source.notes } : {}),
    textRecipientOnBooking: source.textRecipientOnBooking,
  };
}
