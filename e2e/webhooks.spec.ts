import { expect, test } from '@playwright/test';
import { ensureDemoBusiness, loginWithEmail, signedInApi } from './helpers/accounts';

/**
 * Webhooks: the demo business admin opens /webhooks from the console's navigation, registers an endpoint with
 * two events, sees its signing secret once (warning, copy button), closes it and the secret is gone from the
 * page; the endpoint is listed, and its (empty) deliveries open. scripts/run-e2e.mjs sets
 * WEBHOOK_ALLOW_PRIVATE_TARGETS=true, so an address on this machine is accepted (outside production only).
 */
test('a business admin registers a webhook endpoint and sees its secret once', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const staff = await signedInApi(baseURL!);
  const admin = await signedInApi(baseURL!, 'business-admin@hatid.test');
  await ensureDemoBusiness(staff, admin);
  await Promise.all([staff.dispose(), admin.dispose()]);
  const url = `http://127.0.0.1:9/hatid-${Date.now().toString(36)}`;

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginWithEmail(page.request, 'business-admin@hatid.test');
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page).toHaveTitle('Webhooks · Hatid');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  await form.getByLabel('Endpoint URL').fill(url);
  await form.getByRole('checkbox', { name: /^Delivered/ }).check();
  await form.getByLabel(/^Description/).fill('Order system');
  await form.getByRole('button', { name: 'Add endpoint' }).click();

  const shown = page.getByRole('dialog', { name: 'Webhook endpoint added' });
  await expect(shown.getByRole('alert')).toContainText('it will not be shown again');
  const secretBox = shown.getByLabel('Signing secret');
  await expect(secretBox).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
  const secret = await secretBox.inputValue();
  await shown.getByRole('button', { name: 'Copy secret' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  expect(await page.content()).not.toContain(secret);

  const row = page.getByRole('row').filter({ hasText: url });
  await expect(row).toContainText('shipment.status_changed');
  await expect(row).toContainText('shipment.delivered');
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Deliveries' }).click();
  await expect(page.getByRole('dialog', { name: 'Deliveries' })).toContainText('No deliveries yet.');
});
