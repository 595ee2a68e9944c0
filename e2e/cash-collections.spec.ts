import { expect, test } from '@playwright/test';
import { bookShipment, dataOf, loginWithEmail, signedInApi } from './helpers/accounts';
import { screenshotWidths } from './helpers/ui';

const RIDER_MOBILE = '+639170000008';
const peso = (cents: number) => new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' }).format(cents / 100);

/**
 * Cash collections: the demo rider delivers a shipment paid by the recipient in cash and records the cash
 * (POST /transaction/add-payment, as the assigned delivery rider); staff open /cash-collections, see the
 * rider under "Outstanding cash", record the hand-over from there, mark it completed, and the rider no
 * longer holds that cash.
 */
test("staff take a rider's cash on delivery at the hub and complete the hand-over", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const staff = await signedInApi(baseURL!);
  const rider = await signedInApi(baseURL!, 'rider@hatid.test');

  const shipment = await bookShipment(staff, 'Corazon Dizon');
  const { totalInCents } = await dataOf<{ totalInCents: number }>(await staff.get(`/api/shipments/${shipment.id}`));
  const riders = await dataOf<{ id: string; mobileNumber: string | null }[]>(await staff.get('/api/users/by-role/rider?limit=50'));
  const ramon = riders.find((r) => r.mobileNumber === RIDER_MOBILE)!;
  await dataOf(await staff.put(`/api/shipments/${shipment.id}`, { data: { dropOffRiderId: ramon.id } }));
  // The recipient pays the delivery rider, who records the cash from the phone.
  const paid = await rider.post('/api/transaction/add-payment', {
    data: { trackingNumber: shipment.trackingNumber, method: 'cash', amountInCents: totalInCents },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  await rider.dispose();

  // Staff see who holds cash, and how much.
  await loginWithEmail(page.request, 'staff@hatid.test');
  await page.goto('/cash-collections');
  await expect(page).toHaveTitle('Cash collections · Hatid');
  await expect(page.getByRole('heading', { level: 1, name: 'Cash collections' })).toBeVisible();
  const holders = page.getByRole('list', { name: 'Outstanding cash by person' });
  const ramonsCash = holders.getByRole('listitem').filter({ hasText: 'Ramon Aquino' });
  await expect(ramonsCash).toContainText(`Delivery cash${peso(totalInCents)}`);
  await screenshotWidths(page, 'console-cash-collections-outstanding');

  // The hand-over, from the rider's own button: their shipment comes ticked, with the total.
  await page.getByRole('button', { name: 'Record hand-over from Ramon Aquino' }).click();
  const form = page.getByRole('dialog', { name: 'Add collection' });
  await expect(form.getByLabel('Handed over by')).toHaveValue(ramon.id);
  await expect(form.getByLabel('Source')).toHaveValue('delivery');
  await expect(form.getByRole('checkbox', { name: shipment.trackingNumber })).toBeChecked();
  await expect(form.getByTestId('collection-total')).toHaveText(peso(totalInCents));
  await screenshotWidths(page, 'console-add-collection');
  await form.getByLabel(/^Location/).selectOption({ label: 'Cebu' });
  await form.getByLabel(/^Remarks/).fill('Counted at the Cebu hub');
  await form.getByRole('button', { name: 'Add collection' }).click();
  await expect(form).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: 'Ramon Aquino' }).first();
  await expect(row).toContainText('Cash on delivery');
  await expect(row).toContainText(peso(totalInCents));
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Cebu');
  // In a hand-over, the cash is no longer outstanding with the rider.
  await expect(ramonsCash).toHaveCount(0);

  // The cash is counted at the hub: completed, received by the staff member.
  const actions = page.getByRole('button', { name: `Actions for the ${peso(totalInCents)} hand-over by Ramon Aquino` }).first();
  await actions.click();
  await expect(page.getByRole('menuitem')).toHaveText(['View', 'Mark on going', 'Mark completed', 'Cancel']);
  await page.getByRole('menuitem', { name: 'Mark completed' }).click();
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('Teresa Reyes');
  await actions.click();
  await expect(page.getByRole('menuitem')).toHaveText(['View']);
  await page.getByRole('menuitem', { name: 'View' }).click();
  const view = page.getByRole('dialog', { name: 'Collection from Ramon Aquino' });
  await expect(view).toContainText('Counted at the Cebu hub');
  await expect(view.getByRole('link', { name: shipment.trackingNumber })).toHaveAttribute('href', `/shipments/${shipment.trackingNumber}`);
  await page.keyboard.press('Escape');

  // The Completed tab lists it, found by its tracking number; the rider holds none of that cash any more.
  await page.getByRole('tab', { name: /^Completed/ }).click();
  await expect(page).toHaveURL(/tab=completed/);
  await page.getByRole('search', { name: 'Search cash collections' }).getByRole('searchbox').fill(shipment.trackingNumber.slice(0, 8).toLowerCase());
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole('row').filter({ hasText: 'Ramon Aquino' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Ramon Aquino' })).toContainText(peso(totalInCents));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Outstanding cash' })).toBeVisible();
  await expect(page.getByText('Loading outstanding cash')).toBeHidden();
  await expect(page.getByRole('list', { name: 'Outstanding cash by person' }).getByRole('listitem').filter({ hasText: 'Ramon Aquino' })).toHaveCount(0);
  const left = await dataOf<{ people: unknown[] }>(await staff.get(`/api/collections/outstanding?collectedFromId=${ramon.id}`));
  expect(left.people).toEqual([]);
  await screenshotWidths(page, 'console-cash-collections');
  await staff.dispose();
});
