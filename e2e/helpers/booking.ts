import type { Page } from '@playwright/test';
import { chooseFromCombobox } from './ui';

/** One side of a booking as a person types it on the booking form. */
export interface Party {
  name: string;
  mobile: string;
  province: string;
  city: string;
  street: string;
}

/** Fills the Sender or Receiver group of the booking form with a new address (optionally saved to the address book). */
export async function fillParty(page: Page, role: 'Sender' | 'Receiver', party: Party, { save = false } = {}): Promise<void> {
  const group = page.getByRole('group', { name: role, exact: true });
  const newAddress = group.getByRole('radio', { name: 'New address' });
  if (await newAddress.count()) await newAddress.check();
  await group.getByLabel('Contact name').fill(party.name);
  await group.getByLabel('Mobile number').fill(party.mobile);
  await chooseFromCombobox(page, 'Province', party.province, { option: party.province, within: group });
  await chooseFromCombobox(page, 'City or municipality', party.city, { option: party.city, within: group });
  await chooseFromCombobox(page, 'Barangay', '', { within: group });
  await group.getByLabel(/^Street/).fill(party.street);
  if (save) await group.getByLabel(/^Save to my addresses/).check();
}
