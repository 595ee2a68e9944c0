import { expect, test } from '@playwright/test';
import { bookShipment, dataOf, loginWithEmail, signedInApi } from './helpers/accounts';
import { screenshotWidths } from './helpers/ui';

/**
 * The consolidation screen: staff bring two shipments to the Manila hub; the consolidator opens an
 * MNL → CEB consolidation (the dialog says the carrier and master air waybill are needed to seal), scans one
 * shipment in as a person types it (spaced) and picks the other from the waiting list; sealing without a
 * carrier says what is missing; the consolidator chooses a seeded air carrier (Cebu Pacific Cargo) and the
 * MAWB, seals it, lands it, confirms one package received and one missing — completion is refused while a
 * package is unconfirmed — and completes it: the received one is at the destination hub, the missing one stays
 * at the port on hold with a ticket (issue 29, items 4, 7 and 19).
 */
test('a consolidator takes a consolidation through every status, with one package missing', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const staff = await signedInApi(baseURL!);
  const suffix = Date.now().toString(36).toUpperCase();
  // A seeded Philippine air carrier: nobody has to add one before the first consolidation can be sealed.
  const carrier = { name: 'Cebu Pacific Cargo' };
  const [scanned, picked] = [await bookShipment(staff, 'Rosa Scanned'), await bookShipment(staff, 'Ramon Picked')];
  for (const s of [scanned, picked]) {
    for (const activity of ['On the way for pickup', 'Package picked up', 'At origin hub']) {
      await dataOf(await staff.post(`/api/shipments/${s.trackingNumber}/deliveryStatus`, { data: { activity } }));
    }
  }

  await loginWithEmail(page.request, 'consolidator@hatid.test');
  await page.goto('/consolidations');
  await expect(page.getByRole('heading', { level: 1, name: 'Consolidations' })).toBeVisible();
  await page.getByRole('button', { name: 'New consolidation' }).click();
  const dialog = page.getByRole('dialog', { name: 'New consolidation' });
  await dialog.getByLabel('From airport').selectOption('MNL');
  await dialog.getByLabel('To airport').selectOption('CEB');
  // Neither is chosen yet: the labels say sealing will need them.
  await expect(dialog.getByLabel('Carrier — needed to seal')).toBeVisible();
  await expect(dialog.getByLabel('Master air waybill (MAWB) — needed to seal')).toBeVisible();
  await expect(dialog.getByLabel('Carrier — needed to seal').getByRole('option', { name: carrier.name })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Open consolidation' }).click();

  await expect(page).toHaveURL(/\/consolidations\/MNL-CEB-\d{8}-\d{2}$/);
  const tag = decodeURIComponent(page.url().split('/').pop()!);
  await expect(page.getByRole('heading', { level: 1, name: tag })).toBeVisible();

  // Scan one in (a handheld scanner types the number and Enter), pick the other from the waiting list.
  const n = scanned.trackingNumber;
  await page.getByLabel('Add a shipment waiting at the origin hub').fill(`${n.slice(0, 2)} ${n.slice(2, 11)} ${n.slice(11)}`.toLowerCase());
  await page.getByLabel('Add a shipment waiting at the origin hub').press('Enter');
  const shipments = page.getByRole('table', { name: `Shipments in ${tag}` });
  await expect(shipments.getByRole('row').filter({ hasText: scanned.trackingNumber })).toBeVisible();
  await page.getByRole('button', { name: `Add ${picked.trackingNumber}` }).click();
  await expect(shipments.getByRole('row').filter({ hasText: picked.trackingNumber })).toBeVisible();
  // Transport details of one shipment: the carrier's flight, departing and arriving (Philippine time).
  await page.getByRole('button', { name: `Transport details of ${scanned.trackingNumber}` }).click();
  const transport = page.getByRole('dialog', { name: `Transport details of ${scanned.trackingNumber}` });
  await transport.getByLabel('Carrier').selectOption({ label: carrier.name });
  await transport.getByLabel('Flight or voyage number').fill('5j 561');
  await transport.getByLabel('Departure').fill('2026-11-27T08:00');
  await transport.getByLabel('Arrival').fill('2026-11-27T09:25');
  await transport.getByRole('button', { name: 'Save' }).click();
  await expect(shipments.getByRole('row').filter({ hasText: scanned.trackingNumber })).toContainText('5J 561');

  // Sealing without the carrier and the master air waybill says, in words, what is missing.
  await page.getByRole('button', { name: 'Seal consolidation' }).click();
  await expect(page.getByText('Choose the carrier and enter the master air waybill (MAWB) number before sealing')).toBeVisible();
  await expect(page.getByText('Consolidated', { exact: true })).toHaveCount(0);
  await page.getByLabel('Carrier — needed to seal').selectOption({ label: carrier.name });
  await page.getByLabel('Master air waybill (MAWB) — needed to seal').fill(`203-${suffix}`);
  await page.getByRole('button', { name: 'Save carrier' }).click();
  await expect(page.getByText('Carrier saved')).toBeVisible();
  // The shipment with no flight of its own travels under the consolidation's carrier.
  await expect(shipments.getByRole('row').filter({ hasText: picked.trackingNumber })).toContainText(carrier.name);
  await screenshotWidths(page, 'consolidation-pending');

  await page.getByRole('button', { name: 'Seal consolidation' }).click();
  await expect(page.getByText('Consolidated', { exact: true })).toBeVisible();
  await expect(shipments.getByRole('row').filter({ hasText: scanned.trackingNumber })).toContainText('Orig. port');
  await page.getByRole('button', { name: 'Arrived: start deconsolidation' }).click();
  await expect(page.getByText('Deconsolidating', { exact: true })).toBeVisible();

  const confirmBox = page.getByLabel('Confirm a package at the destination');
  await page.getByRole('radio', { name: 'Received' }).check();
  await confirmBox.fill(scanned.trackingNumber);
  await confirmBox.press('Enter');
  await expect(shipments.getByRole('row').filter({ hasText: scanned.trackingNumber })).toContainText('Received');

  // One package unconfirmed: completing is refused, saying which.
  await page.getByRole('button', { name: 'Complete deconsolidation' }).click();
  await expect(page.getByText(/Confirm every package first: 1 not confirmed/)).toBeVisible();

  await page.getByRole('radio', { name: 'Missing' }).check();
  await confirmBox.fill(picked.trackingNumber);
  await confirmBox.press('Enter');
  await expect(shipments.getByRole('row').filter({ hasText: picked.trackingNumber })).toContainText('Missing');
  await page.getByRole('button', { name: 'Complete deconsolidation' }).click();
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
  // Completion moves the received shipment on to the destination hub; the missing one stays at the port.
  await expect(shipments.getByRole('row').filter({ hasText: scanned.trackingNumber })).toContainText('Dest. hub');
  await expect(shipments.getByRole('row').filter({ hasText: picked.trackingNumber })).toContainText('Dest. port');
  await screenshotWidths(page, 'consolidation-completed');

  // The missing package's shipment: on hold, with a ticket for support.
  const tickets = await dataOf<{ subject: string }[]>(await staff.get(`/api/tickets/shipment/${picked.id}`));
  expect(tickets.map((t) => t.subject)).toEqual([`Package missing: ${picked.trackingNumber}`]);
  const activities = await dataOf<{ name: string }[]>(await staff.get(`/api/shipments/${picked.trackingNumber}/activities`));
  expect(activities.map((a) => a.name)).toContain('On hold - Requires documentation');

  // The manifest prints.
  const manifest = await page.request.get(`/api/consolidations/${tag}/manifest`);
  expect(manifest.headers()['content-type']).toBe('application/pdf');
  await staff.dispose();
});
