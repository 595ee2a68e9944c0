import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { dataOf, loginWithEmail, placeOf, signedInApi } from './helpers/accounts';
import { screenshotWidths } from './helpers/ui';

/**
 * Couriers and partner hand-offs: staff add a last-mile courier through the couriers screen (modal, row
 * menu, deactivate and activate again); the demo service partner, given Iloilo, opens its own record on the
 * partners screen, hands a shipment delivered there to that courier and exports its shipments.
 */
test('staff keep couriers; a service partner hands its shipment to one and exports its list', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36).toUpperCase();
  const admin = await signedInApi(baseURL!, 'admin@hatid.test');
  const staff = await signedInApi(baseURL!);
  const partners = await dataOf<{ id: string; email: string | null; provinces: { provinceCode: string }[] }[]>(await admin.get('/api/partners?limit=100'));
  const partner = partners.find((p) => p.email === 'service-partner@hatid.test')!;
  const iloilo = await placeOf(staff, 'Iloilo', 'Iloilo City');
  const provinceCodes = [...new Set([...partner.provinces.map((p) => p.provinceCode), iloilo.provinceCode])];
  await dataOf(await admin.put(`/api/partners/${partner.id}/provinces`, { data: { provinceCodes } }));

  // A shipment delivered in Iloilo, booked the way the booking page books.
  const sender = await placeOf(staff, 'Metro Manila', 'Makati City');
  const packages = [{ boxName: 'Small Box', quantity: 1, weightInGrams: 1500 }];
  const quote = await dataOf<{ totalInCents: number }>(
    await staff.post('/api/shipments/calculations', {
      data: { deliveryType: 'next_day', packages, declaredInsuranceValue: 0, receiverProvinceCode: iloilo.provinceCode },
    }),
  );
  const shipment = await dataOf<{ id: string; trackingNumber: string }>(
    await staff.post('/api/shipments/customer', {
      data: {
        deliveryType: 'next_day',
        sender: { name: 'Ana Cruz', mobileNumber: '09171234567', streetName: '12 Sampaguita St', ...sender },
        receiver: { name: 'Iris Ilonggo', mobileNumber: '09181234567', streetName: '8 Iznart St', ...iloilo },
        packages: packages.map((p) => ({ ...p, itemCategory: 'Books' })),
        declaredInsuranceValue: 0,
        paidBy: 'recipient',
        expectedTotalInCents: quote.totalInCents,
      },
    }),
  );

  // Staff add the courier on the couriers screen.
  await loginWithEmail(page.request, 'staff@hatid.test');
  await page.goto('/couriers');
  await expect(page.getByRole('heading', { level: 1, name: 'Couriers' })).toBeVisible();
  await page.getByRole('button', { name: 'Add courier' }).click();
  const form = page.getByRole('dialog', { name: 'Add courier' });
  const name = `Panay Last Mile ${suffix}`;
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Type').selectOption('partner');
  await form.getByLabel('Category').selectOption('last_mile');
  await form.getByLabel('Contact number').fill('+63 33 320 1234');
  await form.getByRole('button', { name: 'Add courier' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Last mile');
  await expect(row).toContainText('Active');
  await page.getByRole('button', { name: `Deactivate ${name}` }).click();
  await expect(row).toContainText('Inactive');
  await page.getByRole('button', { name: `Activate ${name}` }).click();
  await expect(row).toContainText('Active');
  // The row sits low on the page, under the seeded air carriers; the two toasts just shown (top centre) leave its menu free.
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  await expect(page.getByRole('dialog', { name })).toContainText('+63 33 320 1234');
  await page.keyboard.press('Escape');
  await screenshotWidths(page, 'console-couriers');

  // The partner: its own record on the partners screen, the hand-off, the export.
  await loginWithEmail(page.request, 'service-partner@hatid.test');
  await page.goto('/partners');
  await page.getByRole('link', { name: 'Nina Castillo' }).click();
  await expect(page).toHaveURL(new RegExp(`/partners/${partner.id}`));
  const shipments = page.getByRole('row').filter({ hasText: shipment.trackingNumber });
  await expect(shipments).toBeVisible();
  await page.getByRole('button', { name: `Hand off ${shipment.trackingNumber}` }).click();
  const handOff = page.getByRole('dialog', { name: `Hand off ${shipment.trackingNumber}` });
  await handOff.getByLabel('Courier', { exact: true }).selectOption({ label: `${name} (Last mile)` });
  await handOff.getByLabel("Courier's reference").fill('PLM-7781');
  await handOff.getByRole('button', { name: 'Record hand-off' }).click();
  await expect(page.getByText('Hand-off recorded')).toBeVisible();
  await screenshotWidths(page, 'partner-hand-off');

  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  expect(await fs.readFile((await download.path())!, 'utf8')).toContain(shipment.trackingNumber);

  const progress = await dataOf<{ miles: { mile: string; courierReference: string | null; notes: { note: string }[] }[] }>(
    await staff.get(`/api/shipment-miles/progress/${shipment.trackingNumber}`),
  );
  const last = progress.miles.find((m) => m.mile === 'last')!;
  expect(last.courierReference).toBe('PLM-7781');
  expect(last.notes.map((n) => n.note)).toEqual([expect.stringMatching(new RegExp(`^Handed to ${name} \\(reference PLM-7781\\) by `))]);
  await Promise.all([admin.dispose(), staff.dispose()]);
});
