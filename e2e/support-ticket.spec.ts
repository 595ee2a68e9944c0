import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { messagesTo, waitForOtp } from './helpers/sms';
import { chooseFromCombobox, randomMobileNumber, screenshotWidths } from './helpers/ui';

/** Signs a new customer up through the real sign-up pages (code read from the server log). */
async function signUpCustomer(page: Page, firstName: string): Promise<void> {
  const mobile = randomMobileNumber();
  await page.goto('/login/mobile-number');
  const seen = messagesTo(mobile.e164).length;
  await page.getByLabel('Mobile number').fill(mobile.local);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/login\/verify-otp$/);
  await page.getByLabel('One-time code').fill(await waitForOtp(mobile.e164, { seen }));
  await expect(page).toHaveURL(/\/login\/enter-name$/);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Mendoza');
  await page.getByRole('radio', { name: /Individual/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/I have read and accept/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('banner').getByTestId('header-user-name')).toHaveText(`${firstName} Mendoza`);
}

async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBeTruthy();
  return ((await response.json()) as { data: T }).data;
}

async function placeOf(api: APIRequestContext, provinceName: string, cityName: string) {
  const provinces = await dataOf<{ provinceCode: string; name: string }[]>(await api.get('/api/addresses/covered-provinces'));
  const provinceCode = provinces.find((p) => p.name === provinceName)!.provinceCode;
  const cities = await dataOf<{ code: string; name: string }[]>(await api.get(`/api/addresses/covered-cities-municipalities/${provinceCode}`));
  const cityCode = cities.find((c) => c.name === cityName)!.code;
  const barangays = await dataOf<{ code: string }[]>(await api.get(`/api/addresses/barangays/${cityCode}`));
  return { provinceCode, cityCode, barangayCode: barangays[0]!.code };
}

/** Books as the signed-in customer through the API (booking is another screen's job): price, then book. */
async function bookShipment(api: APIRequestContext): Promise<{ id: string; trackingNumber: string }> {
  const sender = await placeOf(api, 'Metro Manila', 'Makati City');
  const receiver = await placeOf(api, 'Cebu', 'Cebu City');
  const packages = [{ boxName: 'Small Box', quantity: 1, weightInGrams: 1500 }];
  const quote = await dataOf<{ totalInCents: number }>(
    await api.post('/api/shipments/calculations', {
      data: { deliveryType: 'next_day', packages, declaredInsuranceValue: 0, receiverProvinceCode: receiver.provinceCode },
    }),
  );
  const response = await api.post('/api/shipments/customer', {
    data: {
      deliveryType: 'next_day',
      sender: { name: 'Rosa Mendoza', mobileNumber: '09171234567', streetName: '12 Sampaguita St', ...sender },
      receiver: { name: 'Ben Reyes', mobileNumber: '09181234567', streetName: '5 Colon St', ...receiver },
      packages: packages.map((p) => ({ ...p, itemCategory: 'Books' })),
      declaredInsuranceValue: 0,
      paidBy: 'recipient',
      expectedTotalInCents: quote.totalInCents,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: string; trackingNumber: string } }).data;
}

test('a customer writes to support, edits, closes and deletes tickets', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signUpCustomer(page, 'Rosa');
  const shipment = await bookShipment(page.request);

  // The way in is the header's Help link.
  await page.getByRole('banner').getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/talk-to-us$/);
  await expect(page.getByRole('heading', { name: 'Talk to us', level: 1 })).toBeVisible();
  await expect(page.getByText('No tickets yet')).toBeVisible();
  await screenshotWidths(page, 'talk-to-us-empty');

  // An empty message names the field and why; nothing is sent.
  const form = page.getByRole('form', { name: 'Open a support ticket' });
  await form.getByLabel('Subject').fill('Parcel not picked up');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Tell us what happened')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('No tickets yet')).toBeVisible();
  await screenshotWidths(page, 'talk-to-us-error');

  // A ticket about the shipment.
  await form.getByLabel('Message').fill('The rider never came for my parcel yesterday.');
  await chooseFromCombobox(page, 'Shipment (optional)', shipment.trackingNumber, `${shipment.trackingNumber} · to Cebu City`);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Ticket created successfully')).toBeVisible();
  const tickets = page.getByRole('list', { name: 'My tickets' });
  const first = tickets.getByRole('listitem', { name: 'Parcel not picked up' });
  await expect(first).toContainText('Open');
  await expect(first).toContainText('The rider never came for my parcel yesterday.');
  await expect(first.getByRole('link', { name: shipment.trackingNumber })).toHaveAttribute('href', `/packages/${shipment.trackingNumber}`);
  await expect(form.getByLabel('Subject')).toHaveValue('');
  await screenshotWidths(page, 'talk-to-us');

  // Edit it in a dialog.
  await first.getByRole('button', { name: 'Edit Parcel not picked up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit ticket' });
  await expect(dialog.getByLabel('Subject')).toHaveValue('Parcel not picked up');
  await dialog.getByLabel('Subject').fill('Rider did not come for pickup');
  await screenshotWidths(page, 'talk-to-us-edit');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Ticket updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const edited = tickets.getByRole('listitem', { name: 'Rider did not come for pickup' });
  await expect(edited).toContainText(shipment.trackingNumber);

  // A second ticket, with the shipment taken from the link a package page would use.
  await page.goto(`/talk-to-us?trackingNumber=${shipment.trackingNumber.toLowerCase()}`);
  await expect(page.getByRole('combobox', { name: 'Shipment (optional)' })).toContainText(shipment.trackingNumber);
  await form.getByLabel('Subject').fill('Box arrived dented');
  await form.getByLabel('Message').fill('One corner is crushed.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Ticket created successfully')).toBeVisible();
  const dented = tickets.getByRole('listitem', { name: 'Box arrived dented' });
  await expect(dented).toBeVisible();

  // Support picks the second one up: the customer can no longer edit or delete it, only close it.
  const staff = await playwrightRequest.newContext({ baseURL });
  expect((await staff.post('/api/users/loginWithEmail', { data: { email: 'staff@hatid.test', password: 'hatid-demo-2026' } })).ok()).toBeTruthy();
  const [ticket] = await dataOf<{ id: string }[]>(await page.request.get(`/api/tickets/shipment/${shipment.id}`));
  expect((await staff.patch(`/api/tickets/${ticket!.id}`, { data: { status: 'in_progress' } })).ok()).toBeTruthy();
  await staff.dispose();
  await expect(dented).toContainText('In progress');
  await expect(dented.getByRole('button', { name: /Edit|Delete/ })).toHaveCount(0);
  await dented.getByRole('button', { name: 'Close Box arrived dented' }).click();
  await expect(page.getByText('Ticket updated successfully')).toBeVisible();
  await expect(dented).toContainText('Closed');
  await expect(dented.getByRole('button')).toHaveCount(0);

  // Delete the first after confirming.
  await edited.getByRole('button', { name: 'Delete Rider did not come for pickup' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this ticket?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Ticket deleted successfully')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(edited).toHaveCount(0);
  await expect(tickets.getByRole('listitem')).toHaveCount(1);
});
