import { expect, test } from '@playwright/test';
import { bookShipment, dataOf, loginWithEmail, signedInApi } from './helpers/accounts';
import { fillParty } from './helpers/booking';
import { chooseFromCombobox } from './helpers/ui';

// Names take letters only: a run's own surname, from the clock.
const stamp = () => [...Date.now().toString(26).slice(-6)].map((d) => String.fromCharCode(97 + parseInt(d, 26))).join('');

test('staff book for a customer from the console: the shipment is the customer’s, then duplicated and moved in bulk with one refusal', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const receiver = `Teodora Console ${stamp()}`;
  const customerApi = await signedInApi(baseURL!, 'customer@hatid.test');
  const customer = await dataOf<{ id: string; firstName: string; lastName: string }>(await customerApi.get('/api/users/me'));
  await customerApi.dispose();

  await loginWithEmail(page.request, 'staff@hatid.test');
  await page.goto('/shipments');
  await page.getByRole('button', { name: 'Book for a customer' }).click();
  const picker = page.getByRole('dialog', { name: 'Book for a customer' });
  // By email: other tests sign up people with the same name.
  await picker.getByRole('searchbox', { name: 'Customer' }).fill('customer@hatid.test');
  await picker.getByRole('button', { name: /customer@hatid\.test/ }).click();

  // The booking form opens in the customer's name, without the booker's address book.
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByRole('heading', { name: `Booking for ${customer.firstName} ${customer.lastName}` })).toBeVisible();
  await fillParty(page, 'Sender', { name: 'Rosa Bautista', mobile: '09171234567', province: 'Metro Manila', city: 'Quezon City', street: '12 Mabini Street' });
  await fillParty(page, 'Receiver', { name: receiver, mobile: '09181234567', province: 'Cebu', city: 'Cebu City', street: '5 Colon Street' });
  await expect(page.getByLabel(/^Save to my addresses/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Small Box' }).click();
  const line = page.getByRole('listitem', { name: 'Package 1: Small Box' });
  await chooseFromCombobox(page, "What's inside", 'Books', { option: 'Books', within: line });
  await expect(page.getByRole('complementary', { name: /Price/ }).getByTestId('pricing-figures')).toHaveAttribute('data-current', 'true');
  await page.getByRole('button', { name: 'Continue' }).first().click();

  await expect(page).toHaveURL(/\/order-summary$/);
  await expect(page.getByText(`Booking for ${customer.firstName} ${customer.lastName}`)).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Order placed' })).toBeVisible();
  const trackingNumber = (await page.getByTestId('tracking-number').innerText()).trim();

  // The server booked it in the customer's name, by staff.
  const staffApi = await signedInApi(baseURL!, 'staff@hatid.test');
  const booked = await dataOf<{ trackingNumber: string; ownerId: string; bookedById: string }[]>(
    await staffApi.get(`/api/shipments?search=${encodeURIComponent(receiver)}`),
  );
  expect(booked.map((s) => s.trackingNumber)).toEqual([trackingNumber]);
  expect(booked[0]!.ownerId).toBe(customer.id);
  expect(booked[0]!.bookedById).not.toBe(customer.id);
  // A second shipment, cancelled, that no move can take: the bulk refusal below.
  const customerAgain = await signedInApi(baseURL!, 'customer@hatid.test');
  const other = await bookShipment(customerAgain, `${receiver} Two`);
  await customerAgain.dispose();
  const cancelled = await staffApi.put(`/api/shipments/${other.id}/cancel`, { data: { reasonForCancellation: 'Changed my mind' } });
  expect(cancelled.ok(), await cancelled.text()).toBeTruthy();
  await staffApi.dispose();

  // Duplicate from the row menu: a new shipment for the same customer.
  await page.goto(`/shipments?search=${encodeURIComponent(receiver)}`);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await table.getByRole('button', { name: `Actions for ${trackingNumber}` }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(confirm.getByTestId('duplicate-total')).toContainText('₱');
  await confirm.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByText('Shipment duplicated')).toBeVisible();

  // Bulk: "On the way for pickup" for the booked one and the cancelled one: one refused, named.
  await page.goto(`/shipments?search=${encodeURIComponent(receiver)}`);
  await expect(table.getByRole('row')).toHaveCount(4);
  await table.getByRole('checkbox', { name: `Select row ${trackingNumber}` }).check();
  await table.getByRole('checkbox', { name: `Select row ${other.trackingNumber}` }).check();
  await page.getByRole('button', { name: 'Update status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update delivery status' });
  await dialog.getByLabel('Activity').selectOption('On the way for pickup');
  await dialog.getByRole('button', { name: 'Update status' }).click();
  const refused = page.getByRole('list', { name: 'Refused shipments' });
  await expect(refused).toContainText(other.trackingNumber);
  await expect(refused).not.toContainText(trackingNumber);
});

test('an ssp works the shipments list with Edit and Duplicate disabled in the row menu', async ({ page, baseURL }) => {
  const customerApi = await signedInApi(baseURL!, 'customer@hatid.test');
  const shipment = await bookShipment(customerApi, `Sixto Ssp ${stamp()}`);
  await customerApi.dispose();

  await loginWithEmail(page.request, 'ssp@hatid.test');
  await page.goto(`/shipments?search=${shipment.trackingNumber}`);
  const table = page.getByRole('table');
  await expect(table).toContainText(shipment.trackingNumber);
  // Tabs carry the server's counts for the same search.
  await expect(page.getByRole('tab', { name: /^All\s*1$/ })).toBeVisible();
  await table.getByRole('button', { name: `Actions for ${shipment.trackingNumber}` }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['View', 'Edit', 'Duplicate', 'Cancel']);
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveAttribute('data-disabled');
  await expect(page.getByRole('menuitem', { name: 'Duplicate' })).toHaveAttribute('data-disabled');
  await expect(page.getByRole('menuitem', { name: 'View' })).not.toHaveAttribute('data-disabled');
});
