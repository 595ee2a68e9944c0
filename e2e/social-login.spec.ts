import { expect, test } from '@playwright/test';

// The server runs with APP_ENV=test, so "Continue with Google" goes to the sign-in sandbox's consent page
// (OAUTH_PROVIDER=sandbox) instead of Google, and comes back through /api/users/callback.

test('a new customer continues with Google through the sandbox and lands signed in', async ({ page }) => {
  const email = `rosa.${Date.now()}@example.com`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();

  await expect(page).toHaveURL(/\/api\/oauth\/sandbox\/authorize\?/);
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Given name').fill('Rosa');
  await page.getByLabel('Family name').fill('dela Cruz');
  await page.getByRole('button', { name: 'Allow' }).click();

  // /start sends a customer home.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByTestId('header-user-name')).toHaveText('Rosa dela Cruz');
  const me = await page.request.get('/api/users/me');
  expect(me.status()).toBe(200);
  expect((await me.json()).data).toMatchObject({ email, mobileNumber: null });
});

test('a cancelled Google sign-in comes back to /login with a message', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/api\/oauth\/sandbox\/authorize\?/);
  await page.getByRole('button', { name: 'Deny' }).click();

  await expect(page).toHaveURL(/\/login\?error=denied$/);
  await expect(page.getByRole('alert')).toHaveText('Sign-in was cancelled.');
  await expect(page.getByRole('heading', { name: 'Sign in to Hatid' })).toBeVisible();
});
