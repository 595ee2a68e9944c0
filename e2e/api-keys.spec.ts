import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { dataOf, loginWithEmail, signedInApi } from './helpers/accounts';
import { screenshotWidths } from './helpers/ui';

/**
 * Keys belong to a business: the demo business admin's, if she has one, else one staff register for her now
 * (she becomes its admin), as the billings spec does.
 */
async function ensureBusiness(staff: APIRequestContext, admin: APIRequestContext): Promise<void> {
  const me = await dataOf<{ id: string; businessId?: string | null }>(await admin.get('/api/users/me'));
  if (me.businessId) return;
  const businesses = await dataOf<{ id: string; owner: { id: string } | null }[]>(await staff.get('/api/businesses?limit=100'));
  if (businesses.some((b) => b.owner?.id === me.id)) return;
  await dataOf(await staff.post('/api/businesses', { data: { name: 'Villanueva Trading', ownerId: me.id } }));
}

/** GET /api/shipments/me with the key alone, as an integration calls it: its own context, no cookie. */
async function statusWithKey(baseURL: string, key: string): Promise<number> {
  const bare = await playwrightRequest.newContext({ baseURL });
  const response = await bare.get('/api/shipments/me', { headers: { authorization: `Bearer ${key}` } });
  const status = response.status();
  await bare.dispose();
  return status;
}

/**
 * API keys: the demo business admin opens /api-keys, creates a key, sees it once (copy button, warning,
 * a first call to try), closes it and it is gone from the page; the key works on its own for the shipment
 * calls; she revokes it after confirming, and it is refused from then on, kept in the list as revoked.
 */
test('a business admin creates an API key, sees it once, and revokes it', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const staff = await signedInApi(baseURL!);
  const admin = await signedInApi(baseURL!, 'business-admin@hatid.test');
  await ensureBusiness(staff, admin);
  await Promise.all([staff.dispose(), admin.dispose()]);
  // A run's own key name, from the clock.
  const name = `Warehouse ${Date.now().toString(36)}`;

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginWithEmail(page.request, 'business-admin@hatid.test');
  await page.goto('/api-keys');
  await expect(page).toHaveTitle('API keys · Hatid');
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'API keys' })).toBeVisible();

  // Create: both scopes come ticked.
  await page.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('dialog', { name: 'Create API key' });
  await form.getByLabel('Name').fill(name);
  await expect(form.getByRole('checkbox', { name: /Read shipments/ })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: /Book and cancel shipments/ })).toBeChecked();
  await screenshotWidths(page, 'console-create-api-key');
  await form.getByRole('button', { name: 'Create API key' }).click();

  // The key, this once: a warning, a copy button and a first call to try it with.
  const shown = page.getByRole('dialog', { name: 'API key created' });
  await expect(shown.getByRole('alert')).toContainText('it will not be shown again');
  const keyBox = shown.getByLabel('Your API key');
  await expect(keyBox).toHaveValue(/^htd_[a-z0-9]{8}_[A-Za-z0-9_-]{32}$/);
  const key = await keyBox.inputValue();
  await expect(shown).toContainText(`curl -H 'Authorization: Bearer ${key}' ${new URL(baseURL!).origin}/api/shipments/me`);
  await shown.getByRole('button', { name: 'Copy API key' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  // Seen once: nowhere on the page after closing.
  expect(await page.content()).not.toContain(key);

  // The key works on its own, without the session cookie.
  expect(await statusWithKey(baseURL!, key)).toBe(200);

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Maria Villanueva');

  // Revoke, after confirming: refused from then on, still listed.
  const actions = page.getByRole('button', { name: `Actions for API key "${name}"` });
  await actions.click();
  await expect(page.getByRole('menuitem')).toHaveText(['View', 'Edit', 'Revoke']);
  await page.getByRole('menuitem', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
  await expect(confirm).toContainText(`${key.slice(0, 12)}…`);
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Revoked');
  expect(await statusWithKey(baseURL!, key)).toBe(401);

  // Under the Revoked tab, viewable only.
  await page.getByRole('tab', { name: /^Revoked/ }).click();
  await expect(page).toHaveURL(/tab=revoked/);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await actions.click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: 'Revoke' })).toBeDisabled();
  await page.getByRole('menuitem', { name: 'View' }).click();
  await expect(page.getByRole('dialog', { name: `API key “${name}”` })).toContainText('Revoked');
  await page.keyboard.press('Escape');
  await screenshotWidths(page, 'console-api-keys');
});
