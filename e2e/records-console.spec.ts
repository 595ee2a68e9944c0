import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { dataOf, loginWithEmail } from './helpers/accounts';
import { screenshotWidths } from './helpers/ui';

/**
 * The console's record screens: an admin changes a promo code through the API, finds the change in the
 * activity log (category filter, search, the before → after summary), downloads the sales report's CSV
 * and sees the demo service partner on /partners with its payout; then the sales agent reads its agent report.
 */
test('an admin reads the activity log, downloads the sales report and sees the service partners; an agent its report', async ({ page }) => {
  test.setTimeout(90_000);
  await loginWithEmail(page.request, 'admin@hatid.test');

  // Something to find: a promo code created, then changed from 10% to 15% off.
  const code = `LOG${Date.now().toString(36).toUpperCase()}`;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const promo = await dataOf<{ id: string }>(
    await page.request.post('/api/promo-codes', {
      data: { code, type: 'percentage', percentOff: 10, startDate: day(-1), endDate: day(30), applicableBoxTypes: [] },
    }),
  );
  await dataOf(await page.request.patch(`/api/promo-codes/${promo.id}`, { data: { percentOff: 15 } }));

  // The activity log: category in the address, then the record's id in the search.
  await page.goto('/activity-logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity log' })).toBeVisible();
  await page.getByLabel('Category').selectOption({ label: 'Promo codes' });
  await expect(page).toHaveURL(/category=promo-codes/);
  await page.getByRole('search', { name: 'Search activity log' }).getByRole('searchbox').fill(promo.id);
  await expect(page).toHaveURL(/search=/);
  // Both entries of the code: created, then changed (newest first).
  await expect(page.getByRole('row').filter({ hasText: `Promo code ${code} created` })).toBeVisible();
  const updated = page.getByRole('row').filter({ hasText: `Promo code ${code} changed` });
  await expect(updated).toContainText('Updated · Promo code');
  await expect(updated).toContainText('Andres Bautista');
  await updated.locator('summary').click();
  const percentOff = updated.getByRole('term').filter({ hasText: /^Percent off$/ });
  await expect(percentOff).toBeVisible();
  const percent = percentOff.locator('xpath=following-sibling::dd[1]');
  await expect(percent).toContainText('10');
  await expect(percent).toContainText('15');
  await screenshotWidths(page, 'console-activity-log');
  // Reload: the filters stay.
  await page.reload();
  await expect(page.getByLabel('Category')).toHaveValue('promo-codes');

  // Reports: the CSV from the server, named .csv, with a header row.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page).toHaveURL(/\/reports/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText('Bookings');
  await page.getByRole('button', { name: 'Month' }).click();
  await expect(page).toHaveURL(/period=month/);
  await expect(page.getByRole('table', { name: 'Sales by month' })).toBeVisible();
  await screenshotWidths(page, 'console-reports');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = await fs.readFile((await download.path())!, 'utf8');
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
  expect(header.split(',').length).toBeGreaterThan(2);
  expect(header).toMatch(/[A-Za-z]/);

  // Partners: the demo service partner, and its page with the provinces it serves.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Partners', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();
  const partner = page.getByRole('row', { name: /Nina Castillo/ });
  await expect(partner).toBeVisible();
  await partner.getByRole('link', { name: 'Nina Castillo' }).click();
  await expect(page).toHaveURL(/\/partners\/[0-9a-f-]+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nina Castillo' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Partner shipments' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Provinces served' })).toBeVisible();
  // Its payout this month: the totals in plain words (a net payout, or what it owes the hub).
  const payout = page.getByRole('region', { name: 'Payout' });
  await expect(payout.getByLabel('Month')).toHaveValue(/^\d{4}-\d{2}$/);
  await expect(payout.getByText('Fees due', { exact: true })).toBeVisible();
  await expect(payout.getByText('Cash not yet handed over', { exact: true })).toBeVisible();
  await expect(payout.getByText(/^(Net payout|Owes the hub)$/)).toBeVisible();
  await screenshotWidths(page, 'console-partner');

  // The admin gives the partner one more province, then takes it back (other tests use the demo partner).
  const served = page.getByRole('table', { name: 'Provinces served' });
  await page.getByRole('button', { name: 'Edit provinces' }).click();
  let dialog = page.getByRole('dialog', { name: 'Provinces served' });
  const free = dialog.locator('input[type=checkbox]:not(:checked):not(:disabled)').first();
  const province = await free.evaluate((input) => document.querySelector(`label[for="${input.id}"]`)!.textContent!.trim());
  await free.check();
  await dialog.getByRole('button', { name: 'Save provinces' }).click();
  await expect(dialog).toBeHidden();
  await expect(served.getByRole('rowheader', { name: province, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit provinces' }).click();
  dialog = page.getByRole('dialog', { name: 'Provinces served' });
  await dialog.getByRole('checkbox', { name: province, exact: true }).uncheck();
  await dialog.getByRole('button', { name: 'Save provinces' }).click();
  await expect(dialog).toBeHidden();
  await expect(served.getByRole('rowheader', { name: province, exact: true })).toHaveCount(0);

  // The sales agent: its own agent report (no agent picker), this month by default.
  await page.request.post('/api/users/logout', { data: {} });
  await loginWithEmail(page.request, 'sales-agent@hatid.test');
  await page.goto('/agent-reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Agent reports' })).toBeVisible();
  await expect(page.getByLabel('Sales agent')).toHaveCount(0);
  await expect(page.getByRole('main').getByText('Carlo Navarro')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('Customers');
  await expect(summary).toContainText(/Commission \(\d+(\.\d+)?%\)₱/);
  await expect(page.getByRole('table', { name: 'Commission by customer' })).toBeVisible();
  await page.getByRole('button', { name: 'Last month' }).click();
  await expect(page).toHaveURL(/period=last_month/);
  await expect(summary).toBeVisible();
});
