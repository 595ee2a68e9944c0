import { expect, test, type Page } from '@playwright/test';
import { dataOf, loginWithEmail, signedInApi } from './helpers/accounts';
import { fillParty, type Party } from './helpers/booking';
import { chooseFromCombobox, screenshotWidths, startTheApp } from './helpers/ui';

// Issue 13, the booking form: one test per item, each failing on the form as it was.

const SENDER: Party = { name: 'Rosa Bautista', mobile: '09171234567', province: 'Metro Manila', city: 'Makati City', street: '12 Mabini Street' };
const RECEIVER: Party = { name: 'Ramon Cruz', mobile: '09181234567', province: 'Metro Manila', city: 'Quezon City', street: '5 Timog Avenue' };

const pricing = (page: Page) => page.getByRole('complementary', { name: 'Price' });
const totalBar = (page: Page) => page.getByRole('region', { name: 'Booking total' });

async function inViewport(page: Page, box: { y: number; height: number } | null) {
  const height = page.viewportSize()!.height;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(height + 1);
}

test('item 2: the first Continue on an untouched form shows every problem and scrolls to the first', async ({ page }) => {
  await page.goto('/');
  await startTheApp(page);
  await expect(page.getByRole('heading', { name: 'Book a shipment' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  // One press: no "one moment" toast, but the messages, the count and the focus on the first problem.
  await expect(page.getByText('One moment: checking your booking.')).toHaveCount(0);
  await expect(page.getByText('Add at least one package')).toBeVisible();
  await expect(page.getByText(/fields need your attention/)).toBeVisible();
  const sender = page.getByRole('group', { name: 'Sender', exact: true });
  await expect(sender.getByLabel('Contact name')).toHaveAttribute('aria-invalid', 'true');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('aria-invalid', 'true');
  await inViewport(page, await focused.boundingBox());
  await expect(page).toHaveURL(/\/$/);
});

test('item 3: on a phone the total, its breakdown and Continue stay in view while adding boxes', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await startTheApp(page);
  const bar = totalBar(page);
  await expect(bar).toBeVisible();
  // The side card is not repeated below a phone's form: the bar is the price.
  await expect(pricing(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Small Box' }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Add Small Box' }).click();
  await page.getByRole('button', { name: 'Add Medium Box' }).click();
  // ₱220 + ₱370 + ₱10 insurance, in view at the catalogue, not 4,000 px further down.
  await expect(bar.getByTestId('mobile-total')).toHaveAttribute('data-current', 'true');
  await expect(bar.getByTestId('mobile-total')).toHaveText('₱600.00');
  await inViewport(page, await bar.boundingBox());
  await inViewport(page, await bar.getByRole('button', { name: 'Continue' }).boundingBox());

  await bar.getByRole('button', { name: /Show breakdown/ }).click();
  await expect(bar.getByRole('button', { name: /Hide breakdown/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(bar.getByText('Packages', { exact: true })).toBeVisible();
  await expect(bar.getByText('Insurance', { exact: true })).toBeVisible();
  // The end of the form is not hidden under the bar: the page keeps room for it.
  await bar.getByRole('button', { name: /Hide breakdown/ }).click();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const form = await page.locator('#booking-form').boundingBox();
  const barBox = await bar.boundingBox();
  expect(form!.y + form!.height).toBeLessThanOrEqual(barBox!.y + 1);
  await screenshotWidths(page, 'booking-phone-total-bar');
});

test('item 4: Same Day names its ₱2,000 fee, every delivery type is described at 360 px, and the areas are said up front', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await startTheApp(page);
  for (const hint of ['Anywhere we deliver', 'Today, within one province', 'Within one province']) {
    await expect(page.getByText(hint, { exact: true })).toBeVisible();
  }
  // Before any address: where Same Day and Intra-City run.
  await expect(page.getByTestId('delivery-type-areas')).toHaveText(
    'Same Day and Intra-City pick up and deliver within one province: Cebu, Davao del Sur and Metro Manila.',
  );
  await page.locator('label').filter({ hasText: 'Same Day' }).click();
  await page.getByRole('button', { name: 'Add Small Box' }).click();
  const bar = totalBar(page);
  await expect(bar.getByTestId('mobile-total')).toHaveAttribute('data-current', 'true');
  await expect(bar.getByTestId('mobile-total')).toHaveText('₱2,230.00');
  await bar.getByRole('button', { name: /Show breakdown/ }).click();
  const fee = bar.getByText('Same Day fee', { exact: true });
  await expect(fee).toBeVisible();
  await expect(fee.locator('..')).toContainText('₱2,000.00');
  await expect(bar.getByText('Surcharge', { exact: true })).toHaveCount(0);
});

test('item 5: pesos are written one way (₱ with thousands separators) on the booking page and the summary', async ({ page }) => {
  await loginWithEmail(page.request, 'customer@hatid.test');
  await page.goto('/?deliveryType=next_day');
  await fillParty(page, 'Sender', SENDER);
  await fillParty(page, 'Receiver', { ...RECEIVER, province: 'Cebu', city: 'Cebu City', street: '5 Colon Street' });
  await page.getByRole('button', { name: 'Add Large Box' }).click();
  const line = page.getByRole('listitem', { name: 'Package 1: Large Box' });
  await line.getByLabel('Quantity').fill('5');
  await chooseFromCombobox(page, "What's inside", 'Books', { option: 'Books', within: line });
  await page.getByLabel(/^Declared value/).fill('1500');
  await expect(pricing(page).getByTestId('pricing-figures')).toHaveAttribute('data-current', 'true');
  // 5 × ₱720 + ₱20 insurance.
  await expect(pricing(page)).toContainText('₱3,620.00');
  await pricing(page)
    .getByRole('button', { name: /Show breakdown/ })
    .click();
  await expect(pricing(page)).toContainText('Base Delivery Fee (₱720.00 x 5)');
  expect(await page.locator('main').innerText()).not.toMatch(/PHP\s?\d/);

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  await expect(pricing(page).getByTestId('pricing-figures')).toHaveAttribute('data-current', 'true');
  await expect(page.getByText('Declared value', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('₱1,500.00');
  expect(await page.locator('main').innerText()).not.toMatch(/PHP\s?\d/);
});

test('item 10: after "Add Small Box" the focus is on the new package\'s first field', async ({ page }) => {
  await page.goto('/');
  await startTheApp(page);
  await page.getByRole('button', { name: 'Add Small Box' }).click();
  const line = page.getByRole('listitem', { name: 'Package 1: Small Box' });
  await expect(line.getByLabel('Quantity')).toBeFocused();
  await page.getByRole('button', { name: 'Add Small Box' }).click();
  await expect(page.getByRole('listitem', { name: 'Package 2: Small Box' }).getByLabel('Quantity')).toBeFocused();
  // What's inside is the next stop, not the catalogue below.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('listitem', { name: 'Package 2: Small Box' }).getByRole('combobox', { name: "What's inside" })).toBeFocused();
});

test('item 11: Your Box never uses a refused value, and asks only for what is missing', async ({ page }) => {
  await page.goto('/add-own-box');
  const form = page.getByRole('form', { name: 'Your box' });
  const chargeable = page.getByTestId('chargeable-weight');
  await form.getByLabel('Length (cm)').fill('1e2');
  await form.getByLabel('Width (cm)').fill('40');
  await form.getByLabel('Height (cm)').fill('50');
  await form.getByLabel('Weight per box (kg)').fill('2');
  await expect(form.getByText('Scientific notation is not allowed')).toBeVisible();
  // 1e2 read as 100 would give 100 × 40 × 50 / 3500 = 57.14 kg.
  await expect(chargeable).not.toContainText('57.14');
  await expect(chargeable.getByText('Volumetric weight').locator('xpath=following-sibling::dd[1]')).toHaveText('–');
  await expect(page.getByText(/Enter the size and weight/)).toHaveCount(0);
  await expect(page.getByText(/is not valid: correct it/)).toBeVisible();

  await form.getByLabel('Length (cm)').fill('100');
  // Size and weight are in: the weight shows, even before What's inside is chosen.
  await expect(chargeable).toHaveAttribute('data-current', 'true');
  await expect(chargeable).toContainText('57.14 kg');
  await expect(chargeable).toContainText('58 kg');
  await expect(page.getByText(/Enter the size and weight|is not valid/)).toHaveCount(0);
});

test("item 18: Drop Off lists the hubs of the sender's province, books without a pickup date and says where to bring it", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  // Staff keep the list: a new hub appears for customers, a deactivated one does not.
  const staff = await signedInApi(baseURL!, 'staff@hatid.test');
  const provinces = await dataOf<{ provinceCode: string; name: string }[]>(await staff.get('/api/addresses/covered-provinces'));
  const manila = provinces.find((p) => p.name === 'Metro Manila')!.provinceCode;
  const hubName = `Hatid Test Hub ${Date.now().toString(36)}`;
  const created = await dataOf<{ id: string }>(
    await staff.post('/api/hubs', {
      data: {
        name: hubName,
        provinceCode: manila,
        address: '9 Paseo de Roxas, Makati City',
        openingHours: 'Mon–Sat, 9:00 AM – 5:00 PM',
        latitude: 14.556,
        longitude: 121.023,
      },
    }),
  );
  const closed = await dataOf<{ id: string }>(
    await staff.post('/api/hubs', {
      data: { name: `${hubName} (closed)`, provinceCode: manila, address: '1 Closed Street', openingHours: 'Closed', latitude: 14.5, longitude: 121 },
    }),
  );
  await dataOf(await staff.patch(`/api/hubs/${closed.id}`, { data: { isActive: false } }));
  await staff.dispose();

  await loginWithEmail(page.request, 'customer@hatid.test');
  await page.goto('/?deliveryType=next_day');
  await expect(page.getByRole('radio', { name: /^Pick up/ })).toBeChecked();
  await expect(page.getByTestId('pickup-date')).toBeVisible();
  await page.getByRole('radio', { name: /^Drop off/ }).check();
  // No pickup day for a parcel nobody collects.
  await expect(page.getByTestId('pickup-date')).toHaveCount(0);
  await fillParty(page, 'Sender', SENDER);
  await fillParty(page, 'Receiver', { ...RECEIVER, province: 'Cebu', city: 'Cebu City', street: '5 Colon Street' });

  const hubs = page.getByRole('group', { name: 'Hub to drop off at' });
  await expect(hubs.getByText('Hatid Makati Hub', { exact: true })).toBeVisible();
  await expect(hubs.getByText(`${hubName} (closed)`)).toHaveCount(0);
  const ours = hubs.locator('label').filter({ hasText: hubName });
  await expect(ours).toContainText('9 Paseo de Roxas, Makati City');
  await expect(ours).toContainText('Mon–Sat, 9:00 AM – 5:00 PM');
  await expect(ours.getByRole('link', { name: /Open in Maps/ })).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=14.556,121.023');

  await page.getByRole('button', { name: 'Add Small Box' }).click();
  await chooseFromCombobox(page, "What's inside", 'Books', { option: 'Books', within: page.getByRole('listitem', { name: 'Package 1: Small Box' }) });
  // Continue without a hub: the form says so.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Choose the hub where you will drop off the parcel')).toBeVisible();
  await ours.getByRole('radio').check();
  await expect(page.getByText('Choose the hub where you will drop off the parcel')).toHaveCount(0);
  await expect(pricing(page).getByTestId('pricing-figures')).toHaveAttribute('data-current', 'true');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  const where = page.getByTestId('review-drop-off-hub');
  await expect(where).toContainText('Bring your parcel to');
  await expect(where).toContainText(hubName);
  await expect(where).toContainText('Mon–Sat, 9:00 AM – 5:00 PM');
  await expect(page.getByTestId('pickup-date')).toHaveCount(0);
  await expect(pricing(page).getByTestId('pricing-figures')).toHaveAttribute('data-current', 'true');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page.getByRole('heading', { name: 'Order placed' })).toBeVisible();
  await expect(page.getByTestId('booked-drop-off-hub')).toContainText(hubName);
  const trackingNumber = (await page.getByTestId('tracking-number').innerText()).trim();
  const shipment = await dataOf<{ shipmentType: string; pickupDate: string | null; dropOffHub: { id: string } | null }>(
    await page.request.get(`/api/shipments/trackingNumber/${trackingNumber}`),
  );
  expect(shipment).toMatchObject({ shipmentType: 'Drop Off', pickupDate: null, dropOffHub: { id: created.id } });
  const label = await page.request.get(`/api/shipments/air-waybill/${trackingNumber}/html`);
  expect(await label.text()).toContain(`Drop off at ${hubName}, 9 Paseo de Roxas, Makati City`);
  await screenshotWidths(page, 'booking-drop-off-success');
});
