import { chromium, expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bookShipment, dataOf, loginWithEmail, signedInApi } from './helpers/accounts';
import { pdfToFakeCamera } from './helpers/fake-camera';
import { messagesTo, waitForOtp } from './helpers/sms';

/**
 * Issue 11: a rider's day on a 360 px phone. The phone's camera is Chromium's fake camera playing a video made
 * from the shipment's real waybill (rendered by pdftoppm, encoded as Y4M here), so scanning reads the label
 * the shipment prints.
 */
const RIDER_MOBILE = { local: '0917 000 0008', e164: '+639170000008' };
const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';

let staff: APIRequestContext;
let browser: Browser | undefined;
let workDir: string;

test.beforeAll(async () => {
  staff = await signedInApi(BASE_URL);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-rider-e2e-'));
});
test.afterAll(async () => {
  await browser?.close();
  await staff?.dispose();
  fs.rmSync(workDir, { recursive: true, force: true });
});

const move = async (trackingNumber: string, activity: string) =>
  dataOf(await staff.post(`/api/shipments/${trackingNumber}/deliveryStatus`, { data: { activity } }));

test('a rider signs in, is dispatched a pickup, scans it, picks it up, delivers it offline, and staff see it all once', async () => {
  test.setTimeout(240_000);
  const shipment = await bookShipment(staff, 'Carmen Reyes');
  const full = await dataOf<{ totalInCents: number; senderAddress: { cityCode: string }; receiverAddress: { cityCode: string } }>(
    await staff.get(`/api/shipments/${shipment.id}`),
  );

  // The demo rider serves the sender's and the recipient's cities, so both of the dispatcher's pickers list them.
  const riders = await dataOf<{ id: string; mobileNumber: string | null }[]>(await staff.get('/api/users/by-role/rider?limit=50'));
  const rider = riders.find((r) => r.mobileNumber === RIDER_MOBILE.e164)!;
  await dataOf(await staff.put(`/api/users/${rider.id}`, { data: { serviceAreaCodes: [full.senderAddress.cityCode, full.receiverAddress.cityCode] } }));

  // The phone: 360 px, its camera showing the real waybill.
  const waybill = await staff.get(`/api/shipments/air-waybill/${shipment.trackingNumber}`);
  expect(waybill.ok()).toBeTruthy();
  const video = await pdfToFakeCamera(await waybill.body(), workDir);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const phone = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, permissions: ['camera'] });
  const page = await phone.newPage();

  // Sign in by OTP, time in.
  await page.goto('/rider/login');
  const seen = messagesTo(RIDER_MOBILE.e164).length;
  await page.getByLabel('Mobile number').fill(RIDER_MOBILE.local);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code').fill(await waitForOtp(RIDER_MOBILE.e164, { seen }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/rider$/);
  await page.getByRole('button', { name: 'Time in' }).click();
  await expect(page.getByTestId('shift-status')).toContainText('On shift');
  await expect(page.getByRole('heading', { name: /^Pickups/ })).toBeVisible();

  // The dispatcher assigns the pickup and the delivery in the console; the rider's list shows it live.
  const desk = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 900 } });
  await loginWithEmail(desk.request, 'staff@hatid.test');
  const console_ = await desk.newPage();
  await console_.goto(`/shipments?search=${shipment.trackingNumber}`);
  const table = console_.getByRole('table');
  await table.getByRole('checkbox', { name: `Select row ${shipment.trackingNumber}` }).check();
  await console_.getByRole('button', { name: 'Assign riders' }).click();
  const dialog = console_.getByRole('dialog');
  // The picker lists the riders serving the sender's city, with whether they are on shift.
  await expect(dialog.getByLabel('Pickup rider').locator('option', { hasText: 'Ramon Aquino · online' })).toHaveCount(1);
  await dialog.getByLabel('Pickup rider').selectOption(rider.id);
  await dialog.getByLabel('Delivery rider').selectOption(rider.id);
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`task-${shipment.trackingNumber}`)).toBeVisible();

  // Scan the waybill with the camera: the app opens that shipment.
  await page.getByRole('button', { name: 'Scan a waybill' }).click();
  await expect(page).toHaveURL(new RegExp(`/rider/shipments/${shipment.trackingNumber}$`), { timeout: 30_000 });

  // Pick it up: on the way, then picked up with a photo.
  await page.getByRole('button', { name: 'On the way for pickup' }).click();
  await page.getByRole('button', { name: 'Confirm: On the way for pickup' }).click();
  await expect(page).toHaveURL(/\/rider$/);
  await page
    .getByTestId(`task-${shipment.trackingNumber}`)
    .getByRole('link', { name: new RegExp(`^${shipment.trackingNumber}`) })
    .click();
  await page.getByRole('button', { name: 'Package picked up' }).click();
  await page.getByRole('button', { name: 'Take photo' }).click();
  await expect(page.getByRole('img', { name: 'Pickup photo, as taken' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm: Package picked up' }).click();
  await expect(page).toHaveURL(/\/rider$/);
  await expect(page.getByTestId('outbox-count')).toBeHidden({ timeout: 20_000 });

  // The hub and the line haul (staff), to the destination hub: the delivery is the rider's now.
  for (const activity of ['At origin hub', 'Loaded for shipping', 'In-transit', 'Arrived at destination port', 'Arrived at destination hub']) {
    await move(shipment.trackingNumber, activity);
  }
  const deliveries = page.getByRole('region', { name: /^Deliveries/ });
  await expect(deliveries.getByTestId(`task-${shipment.trackingNumber}`)).toBeVisible({ timeout: 20_000 });
  await expect(deliveries).toContainText(`Collect ₱${(full.totalInCents / 100).toFixed(2)}`);

  // The signal drops: out for delivery, delivered with a photo and the cash, all kept on the phone.
  await phone.setOffline(true);
  await expect(page.getByText('No signal')).toBeVisible();
  await deliveries
    .getByTestId(`task-${shipment.trackingNumber}`)
    .getByRole('link', { name: new RegExp(`^${shipment.trackingNumber}`) })
    .click();
  await page.getByRole('button', { name: 'Out for delivery', exact: true }).click();
  await page.getByRole('button', { name: 'Confirm: Out for delivery' }).click();
  await expect(page).toHaveURL(/\/rider$/);
  await page
    .getByTestId(`task-${shipment.trackingNumber}`)
    .getByRole('link', { name: new RegExp(`^${shipment.trackingNumber}`) })
    .click();
  await page.getByRole('button', { name: 'Delivered', exact: true }).click();
  await page.getByRole('button', { name: 'Take photo' }).click();
  await expect(page.getByRole('img', { name: 'Delivery photo, as taken' })).toBeVisible();
  await page.getByLabel('I collected the cash').check();
  await page.getByRole('button', { name: 'Confirm: Delivered' }).click();
  await expect(page).toHaveURL(/\/rider$/);
  await expect(page.getByTestId('outbox-count')).toHaveText('4 waiting to send');
  // Still there after a reload? The queue lives in IndexedDB; the page itself needs the network to load.
  await page.waitForTimeout(2000);
  await expect(page.getByTestId('outbox-count')).toHaveText('4 waiting to send');

  // Back online: everything is sent, in order, once.
  await phone.setOffline(false);
  await expect(page.getByTestId('outbox-count')).toBeHidden({ timeout: 30_000 });
  await page.reload();
  await expect(page.getByTestId(`task-${shipment.trackingNumber}`)).toHaveCount(0);

  // Staff see Delivered, both photos and the cash, once each, with the phone's and the server's times.
  await console_.goto(`/shipments/${shipment.trackingNumber}`);
  await expect(console_.getByRole('heading', { name: 'Proof of pickup and delivery' })).toBeVisible();
  const proofs = await dataOf<{ type: string }[]>(await staff.get(`/api/shipments/${shipment.trackingNumber}/proof-images`));
  expect(proofs.map((p) => p.type).sort()).toEqual(['delivery', 'pickup']);
  await expect(console_.locator('section', { has: console_.getByRole('heading', { name: 'Proof of pickup and delivery' }) }).getByRole('img')).toHaveCount(2);
  const payments = console_.getByRole('list', { name: 'Payments' });
  await expect(payments.getByRole('listitem')).toHaveCount(1);
  await expect(payments).toContainText(`₱${(full.totalInCents / 100).toLocaleString('en', { minimumFractionDigits: 2 })}`);
  await expect(payments).toContainText('Done (phone time)');
  const activities = console_.getByRole('list', { name: 'Activities' });
  await expect(activities.getByText('Delivered', { exact: true })).toHaveCount(1);
  await expect(activities).toContainText('Done (phone time)');
  const after = await dataOf<{ deliveryStatus: string; paymentStatus: string }>(await staff.get(`/api/shipments/${shipment.id}`));
  expect(after).toMatchObject({ deliveryStatus: 'Delivered', paymentStatus: 'Paid' });
  await desk.close();
});
