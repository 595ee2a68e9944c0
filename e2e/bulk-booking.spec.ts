import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { ensureDemoBusiness, loginWithEmail, signedInApi } from './helpers/accounts';

/**
 * Bulk booking (issue 33), through the screens: the business admin opens Bulk booking from the header, downloads
 * the CSV template, fills three rows (one with a city that does not exist), uploads it, reads which row to fix and
 * the total of the rest, books the two good ones and downloads their waybills as one PDF and the tracking numbers.
 */
test('a business admin books a spreadsheet: the wrong row is named, the good rows are booked once, waybills in one PDF', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const staff = await signedInApi(baseURL!);
  const admin = await signedInApi(baseURL!, 'business-admin@hatid.test');
  await ensureDemoBusiness(staff, admin);
  await Promise.all([staff.dispose(), admin.dispose()]);

  await loginWithEmail(page.request, 'business-admin@hatid.test');
  await page.goto('/packages');
  await page.getByRole('banner').getByRole('link', { name: 'Bulk booking' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk booking' })).toBeVisible();

  const [templateDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /CSV/ }).first().click()]);
  expect(templateDownload.suggestedFilename()).toBe('hatid-bulk-booking-template.csv');
  const template = Papa.parse<Record<string, string>>(
    fs
      .readFileSync(await templateDownload.path())
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
    {
      header: true,
      skipEmptyLines: true,
    },
  );
  const example = template.data[0]!;
  const rows: Record<string, string>[] = [
    { ...example, 'Receiver name': 'Ana Cebu' },
    { ...example, 'Receiver name': 'Ben Atlantis', 'Receiver city or municipality': 'Atlantis' },
    { ...example, 'Receiver name': 'Carla Cebu' },
  ];
  const csv = Papa.unparse({ fields: template.meta.fields!, data: rows.map((row) => template.meta.fields!.map((field) => row[field] ?? '')) });

  await page.getByLabel('Spreadsheet (CSV or XLSX)').setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const batch = page.getByRole('region', { name: 'Batch' });
  await expect(batch).toContainText('2 of 3 rows can be booked', { timeout: 30_000 });
  await expect(batch).toContainText('1 row needs fixing.');
  const toFix = batch.getByRole('table', { name: 'Rows to fix' });
  // Row 1 is the header: the second filled row is row 3.
  await expect(toFix.getByRole('row').filter({ hasText: 'Atlantis' }).getByRole('cell').first()).toHaveText('3');

  await batch.getByRole('button', { name: 'Book 2 parcels' }).click();
  await expect(batch.getByRole('status').filter({ hasText: 'Booked' })).toContainText('Booked 2 parcels.', { timeout: 60_000 });

  const [pdf] = await Promise.all([page.waitForEvent('download'), batch.getByRole('button', { name: 'Download all waybills (PDF)' }).click()]);
  expect(
    fs
      .readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const [numbers] = await Promise.all([page.waitForEvent('download'), batch.getByRole('button', { name: 'Download tracking numbers (CSV)' }).click()]);
  const tracking = Papa.parse<Record<string, string>>(
    fs
      .readFileSync(await numbers.path())
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
    {
      header: true,
      skipEmptyLines: true,
    },
  );
  expect(tracking.data).toHaveLength(2);

  // The two parcels are the business's shipments now, on its list.
  await page.goto('/packages');
  await expect(page.getByText('Ana Cebu').first()).toBeVisible();
  await expect(page.getByText('Carla Cebu').first()).toBeVisible();
});
