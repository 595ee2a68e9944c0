import type { Payer } from '@hatid/domain';
import { emptyParty, newPackageLine, updateDraft } from '../draft/booking-draft';

export const METRO_MANILA = '1300000000';
export const CEBU = '0722000000';

const party = (name: string, mobileNumber: string, provinceCode: string, cityCode: string) => ({
  ...emptyParty(),
  name,
  mobileNumber,
  provinceCode,
  cityCode,
  barangayCode: `${cityCode.slice(0, 9)}1`,
  streetName: '1 Rizal Street',
});

/** The tests' complete booking: Makati to Cebu City, one Small Box of books, paid by `paidBy`. */
export function fillCompleteDraft(paidBy: Payer) {
  updateDraft((d) => ({
    ...d,
    sender: party('Rosa Bautista', '+639171234567', METRO_MANILA, '1381300000'),
    receiver: party('Ramon Cruz', '+639181234567', CEBU, '0730600000'),
    packages: [newPackageLine('Small Box', { itemCategory: 'Books' })],
    paidBy,
  }));
}
