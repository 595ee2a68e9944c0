import { expect, test } from '@playwright/test';
import { bookShipment, dataOf, loginWithEmail, signedInApi } from './helpers/accounts';
import { screenshotWidths } from './helpers/ui';

/**
 * The consolidation screen: staff bring two shipments to the Manila hub; the consolidator opens an
 * MNL → CEB consolidation with its carrier and master air waybill, scans one shipment in and picks the
 * other from the waiting list, seals it, lands it, confirms one package received and one missing —
 * completion is refused while a package is unconfirmed — and completes it. The missing one is on hold
 * with a ticket.
 */
test('a consolidator takes a consolidation through every status, with one package missing', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const staff = await signedInApi(baseURL!);
  const suffix = Date.now().toString(36).toUpperCase();
  const carrier = await dataOf<{ id: string; name: string }>(
    await staff.post('/api/couriers', { data: { name: `E2E Air Cargo ${suffix}`, type: 'carrier', category: 'air', code: 'PR' } }),
  );
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
  await dialog.getByLabel('Carrier').selectOption({ label: carrier.name });
  await dialog.getByLabel('Master air waybill').fill(`079-${suffix}`);
  await dialog.getByRole('button', { name: 'Open consolidation' }).click();

  await expect(page).toHaveURL(/\/consolidations\/MNL-CEB-\d{8}-\d{2}$/);
  const tag = decodeURIComponent(page.url().split('/').pop()!);
  await expect(page.getByRole('heading', { level: 1, name: tag })).toBeVisible();

  // Scan one in (a handheld scanner types the number and Enter), pick the other from the waiting list.
  await page.getByLabel('Add a shipment waiting at the origin hub').fill(scanned.trackingNumber.toLowerCase());
  await page.getByLabel('Add a shipment waiting at the origin hub').press('Enter');
  const shipments = page.getByRole('table', { name: `Shipments in ${tag}` });
  await expect(shipments.getByRole('row').filter({ hasText: scanned.trackingNumber })).toBeVisible();
  await page.getByRole('button', { name: `Add ${picked.trackingNumber}` }).click();
  await expect(shipments.getByRole('row').filter({ hasText: picked.trackingNumber })).toBeVisible();
  // Transport details of one shipment: the carrier's flight, departing and arriving (Philippine time).
  await page.getByRole('button', { name: `Transport details of ${scanned.trackingNumber}` }).click();
  const transport = page.getByRole('dialog', { name: `Transport details of ${scanned.trackingNumber}` });
  await transport.getByLabel('Carrier').selectOption({ label: carrier.name });
  await transport.getByLabel('Flight or voyage number').fill('pr 1845');
  await transport.getByLabel('Departure').fill('2026-11-27T08:00');
  await transport.getByLabel('Arrival').fill('2026-11-27T09:25');
  await transport.getByRole('button', { name: 'Save' }).click();
  await expect(shipments.getByRole('row').filter({ hasText: scanned.trackingNumber })).toContainText('PR 1845');
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
