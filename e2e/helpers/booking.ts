import type { Page } from '@playwright/test';
import { inEnglish, startingWith, type Say } from './filipino';
import { chooseFromCombobox } from './ui';

/** One side of a booking as a person types it on the booking form. */
export interface Party {
  name: string;
  mobile: string;
  province: string;
  city: string;
  street: string;
}

/**
 * Fills the Sender or Receiver group of the booking form with a new address (optionally saved to the address book).
 * `say` gives the words in the page's language (helpers/filipino.ts).
 */
export async function fillParty(
  page: Page,
  role: 'Sender' | 'Receiver',
  party: Party,
  { save = false, say = inEnglish }: { save?: boolean; say?: Say } = {},
): Promise<void> {
  const group = page.getByRole('group', { name: say(role), exact: true });
  const newAddress = group.getByRole('radio', { name: say('New address') });
  if (await newAddress.count()) await newAddress.check();
  await group.getByLabel(say('Contact name')).fill(party.name);
  await group.getByLabel(say('Mobile number')).fill(party.mobile);
  await chooseFromCombobox(page, say('Province'), party.province, { option: party.province, within: group, say });
  await chooseFromCombobox(page, say('City or municipality'), party.city, { option: party.city, within: group, say });
  await chooseFromCombobox(page, say('Barangay'), '', { within: group, say });
  await group.getByLabel(startingWith(say('Street, building, house number'))).fill(party.street);
  if (save) await group.getByLabel(startingWith(say('Save to my addresses'))).check();
}
