import { expect, test, type APIRequestContext } from '@playwright/test';
import { dataOf, loginWithEmail, signedInApi } from './helpers/accounts';
import { screenshotWidths } from './helpers/ui';

interface BoxDisplay {
  name: string;
  basePrice: number;
}
interface PricingConfig {
  boxes: Record<string, { basePriceInCents: number; maxWeightInGrams: number | null }>;
}

const peso = (cents: number) => `₱${(cents / 100).toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const smallBoxOf = async (api: APIRequestContext) => (await dataOf<BoxDisplay[]>(await api.get('/api/boxes'))).find((b) => b.name === 'Small Box')!;

test('an admin changes the Small Box price; the customer booking page, GET /boxes and the booking price show it at once', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await signedInApi(baseURL!, 'admin@hatid.test');
  const before = (await dataOf<PricingConfig>(await admin.get('/api/shipments/pricing/configs'))).boxes['Small Box']!;
  // A price no other run leaves behind: ₱230.50 up to ₱239.50.
  const newCents = 23050 + 100 * (Date.now() % 10);

  // The customer has the booking page open at the old price, in another browser context.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  try {
    await loginWithEmail(customerPage.request, 'customer@hatid.test');
    await customerPage.goto('/');
    const smallBoxCard = customerPage.getByRole('listitem').filter({ has: customerPage.getByRole('heading', { name: 'Small Box', exact: true }) });
    await expect(smallBoxCard).toContainText(peso(before.basePriceInCents));

    // The admin edits the price in the console.
    await loginWithEmail(page.request, 'admin@hatid.test');
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { name: 'Pricing', exact: true })).toBeVisible();
    const form = page.getByRole('form', { name: 'Pricing configuration' });
    const price = form.getByLabel('Small Box Price (₱)');
    await expect(price).toHaveValue((before.basePriceInCents / 100).toFixed(2));
    await expect(form.getByLabel('Same Day delivery fee (₱)')).toHaveValue('2000.00');

    // A plain error first: nothing is sent.
    await price.fill('');
    await form.getByRole('button', { name: 'Save pricing' }).click();
    await expect(form.getByText('Required')).toBeVisible();

    await price.fill((newCents / 100).toFixed(2));
    await form.getByRole('button', { name: 'Save pricing' }).click();
    const updated = page.getByRole('dialog', { name: 'Pricing updated' });
    await expect(updated).toBeVisible();
    const change = updated.getByRole('row', { name: /Small Box price/ });
    await expect(change).toContainText(peso(before.basePriceInCents));
    await expect(change).toContainText(peso(newCents));
    await screenshotWidths(page, 'console-pricing-updated');
    await updated.getByRole('button', { name: 'Done' }).click();
    await expect(updated).toBeHidden();

    // GET /boxes answers the new price at once, to the customer and to anyone.
    expect((await smallBoxOf(customerPage.request)).basePrice).toBe(newCents / 100);
    expect((await smallBoxOf(admin)).basePrice).toBe(newCents / 100);

    // The customer's booking page, opened again, shows it on the box and prices the booking with it.
    await customerPage.reload();
    await expect(smallBoxCard).toContainText(peso(newCents));
    await customerPage.getByRole('button', { name: 'Add Small Box' }).click();
    const summary = customerPage.getByRole('complementary', { name: /Price/ });
    await expect(summary.getByTestId('pricing-figures')).toHaveAttribute('data-current', 'true');
    await summary.getByRole('button', { name: /Show breakdown/ }).click();
    await expect(summary.getByText(`Base Delivery Fee (${peso(newCents)} x 1)`)).toBeVisible();
    const quote = await dataOf<{ packagesTotalInCents: number }>(
      await customerPage.request.post('/api/shipments/calculations', {
        data: { deliveryType: 'next_day', packages: [{ boxName: 'Small Box', quantity: 1, weightInGrams: 500 }] },
      }),
    );
    expect(quote.packagesTotalInCents).toBe(newCents);

    // The editor starts from the figures in force.
    await page.reload();
    await expect(form.getByLabel('Small Box Price (₱)')).toHaveValue((newCents / 100).toFixed(2));
  } finally {
    // Other specs price the Small Box at the catalogue's price.
    await admin.put('/api/shipments/pricing/configs', { data: { boxes: { 'Small Box': before } } });
    await admin.dispose();
    await customerContext.close();
  }
});

test('an admin lists, searches, pages, adds, views and edits promo codes, with flat amounts in pesos', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const admin = await signedInApi(baseURL!, 'admin@hatid.test');
  // Eleven codes of this run: one more than a page.
  for (let i = 0; i < 11; i++) {
    const created = await admin.post('/api/promo-codes', {
      data: { code: `PG${stamp}${String(i).padStart(2, '0')}`, type: 'percentage', percentOff: 5 + i, startDate: '2026-01-01', endDate: '2099-12-31' },
    });
    expect(created.status()).toBe(201);
  }

  await loginWithEmail(page.request, 'admin@hatid.test');
  await page.goto('/promo-codes');
  await expect(page.getByRole('heading', { name: 'Promo codes', exact: true })).toBeVisible();
  const table = page.getByRole('table');

  // Search and paging live in the address.
  await page.getByLabel('Search', { exact: true }).fill(`PG${stamp}`);
  await expect(page).toHaveURL(new RegExp(`search=PG${stamp}`));
  await expect(table.getByRole('row')).toHaveCount(11); // header + 10
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(`PG${stamp}00`);
  await expect(table).toContainText('5% off');

  // Add a flat code: pesos in the form.
  const code = `FLAT${stamp}`;
  await page.getByRole('button', { name: 'Add promo code' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add promo code' });
  await dialog.getByLabel('Code').fill(code.toLowerCase());
  await dialog.getByRole('radio', { name: 'Flat amount' }).check();
  await dialog.getByLabel('Amount off (₱)').fill('50.555');
  await dialog.getByLabel('First day').fill('2026-06-01');
  await dialog.getByLabel('Last day').fill('2099-06-30');
  await dialog.getByRole('checkbox', { name: 'Small Box' }).check();
  await dialog.getByRole('button', { name: 'Add promo code' }).click();
  await expect(dialog.getByText('Value must have at most 2 decimal places')).toBeVisible();
  await dialog.getByLabel('Amount off (₱)').fill('50.50');
  await dialog.getByRole('button', { name: 'Add promo code' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Promo code created')).toBeVisible();

  await page.getByLabel('Search', { exact: true }).fill(code);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('₱50.50 off');
  await expect(table).toContainText('Small Box');
  // Centavos on the wire, named so.
  const listed = await dataOf<{ code: string; amountInCents: number | null; percentOff: number | null }[]>(await admin.get(`/api/promo-codes?search=${code}`));
  expect(listed).toEqual([expect.objectContaining({ code, amountInCents: 5050, percentOff: null })]);

  // The row menu: View and Edit, never Delete for promo codes.
  await table.getByRole('button', { name: `Actions for ${code}` }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['View', 'Edit']);
  await page.getByRole('menuitem', { name: 'View' }).click();
  dialog = page.getByRole('dialog', { name: code });
  await expect(dialog).toContainText('₱50.50 off');
  await expect(dialog).toContainText('June 01, 2026 – June 30, 2099');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  await table.getByRole('button', { name: `Actions for ${code}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: `Edit ${code}` });
  await expect(dialog.getByLabel('Amount off (₱)')).toHaveValue('50.50');
  await dialog.getByLabel('Amount off (₱)').fill('75');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(table).toContainText('₱75.00 off');
  const edited = await dataOf<{ amountInCents: number }[]>(await admin.get(`/api/promo-codes?search=${code}`));
  expect(edited[0]!.amountInCents).toBe(7500);
  await screenshotWidths(page, 'console-promo-codes');
  await admin.dispose();
});

test('staff see Users and Pricing in the console, and no promo codes (the role table gives them none)', async ({ page }) => {
  await loginWithEmail(page.request, 'staff@hatid.test');
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Pricing' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Promo codes' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Pricing' }).click();
  await expect(page.getByRole('form', { name: 'Pricing configuration' }).getByLabel('Small Box Price (₱)')).toBeVisible();
  await page.goto('/promo-codes');
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
});
