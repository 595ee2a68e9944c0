import { expect, test, type Page } from '@playwright/test';
import { messagesTo, waitForOtp } from './helpers/sms';
import { chooseFromCombobox, randomMobileNumber, screenshotWidths } from './helpers/ui';

const NAME_MESSAGE = 'Name may contain only letters, spaces, commas, periods, apostrophes and hyphens';
const MOBILE_MESSAGE = 'Enter a valid Philippine mobile number, e.g. 0917 123 4567';
const RESEND_WAIT_MS = 31_000;

/** From /login: asks for a code for the number and types it in; returns when the code was sent. */
async function signInWithMobile(page: Page, mobile: { local: string; e164: string }, screenshots = false): Promise<number> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Hatid' })).toBeVisible();
  if (screenshots) await screenshotWidths(page, 'login');
  await page.getByRole('link', { name: 'Continue with mobile number' }).click();
  await expect(page).toHaveURL(/\/login\/mobile-number$/);

  const seen = messagesTo(mobile.e164).length;
  await page.getByLabel('Mobile number').fill(mobile.local);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/login\/verify-otp$/);
  const sentAt = Date.now();
  await expect(page.getByText('+63 9')).toBeVisible();
  const otp = await waitForOtp(mobile.e164, { seen });
  if (screenshots) await screenshotWidths(page, 'verify-otp');
  // The form verifies on the sixth digit.
  await page.getByLabel('One-time code').fill(otp);
  return sentAt;
}

test('a new customer signs up, saves an address, signs out and back in', async ({ page }) => {
  test.setTimeout(180_000);
  const mobile = randomMobileNumber();

  // Sign up: number → code → name → Individual → details.
  const firstCodeAt = await signInWithMobile(page, mobile, true);
  await expect(page).toHaveURL(/\/login\/enter-name$/);

  await page.getByLabel('First name').fill('Juan2');
  await page.getByLabel('Last name').fill('Dela Cruz');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(NAME_MESSAGE)).toBeVisible();
  await expect(page).toHaveURL(/\/login\/enter-name$/);

  await page.getByLabel('First name').fill('Juan');
  await page.getByRole('radio', { name: /Individual/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login\/individual$/);

  await page.getByLabel(/I have read and accept/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/$/);
  const header = page.getByRole('banner');
  await expect(header.getByTestId('header-user-name')).toHaveText('Juan Dela Cruz');
  await expect(page.getByRole('heading', { name: 'Welcome, Juan!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our boxes' })).toBeVisible();
  await expect(page.getByText('Large Box')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Large Box' })).toContainText('₱720.00');
  await screenshotWidths(page, 'home');

  // An empty address book first (moving around with the app's own links, as a person would).
  await page.getByRole('link', { name: 'Saved addresses' }).click();
  await expect(page).toHaveURL(/\/settings\/addresses$/);
  await expect(page.getByText('No saved addresses yet')).toBeVisible();

  // Add an address through the place comboboxes (type to search).
  await page.getByRole('main').getByRole('link', { name: 'Add address' }).first().click();
  await expect(page).toHaveURL(/\/settings\/addresses\/add$/);
  await expect(page.getByRole('heading', { name: 'Add address' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Province', exact: true })).toBeEnabled();
  await screenshotWidths(page, 'address-add');

  const form = page.getByRole('form', { name: 'Add address' });
  await form.getByLabel('Contact name').fill('Maria Santos');
  await form.getByLabel('Mobile number').fill('09181234567');
  await form.getByLabel(/^Email/).fill('maria@example.com');
  await chooseFromCombobox(page, 'Province', 'Metro', { option: 'Metro Manila' });
  await chooseFromCombobox(page, 'City or municipality', 'Quezon', { option: 'Quezon City' });
  await page.getByRole('combobox', { name: 'Barangay', exact: true }).click();
  await page.getByPlaceholder('Search barangay...').fill('Bagong');
  const barangay = page.getByRole('listbox').getByRole('option').first();
  const barangayName = (await barangay.innerText()).trim();
  await barangay.click();
  await expect(page.getByRole('combobox', { name: 'Barangay', exact: true })).toContainText(barangayName);
  await form.getByLabel(/Street/).fill('12 Mabini Street');
  await form.getByLabel(/^Label/).fill('Home');
  await form.getByRole('button', { name: 'Save address' }).click();

  await expect(page).toHaveURL(/\/settings\/addresses$/);
  await expect(page.getByText('Address saved')).toBeVisible();
  const saved = page.getByRole('listitem', { name: 'Home' });
  await expect(saved).toContainText('Maria Santos');
  await expect(saved).toContainText('+63 918 123 4567');
  await expect(saved).toContainText(`12 Mabini Street, ${barangayName}, Quezon City, Metro Manila`);
  await screenshotWidths(page, 'addresses');

  // Sign out: back at /login, and settings are closed again.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(header.getByTestId('header-user-name')).toHaveCount(0);

  // Sign back in with the same number (a new code may be asked for 30 s after the last one).
  const wait = RESEND_WAIT_MS - (Date.now() - firstCodeAt);
  if (wait > 0) await page.waitForTimeout(wait);
  await signInWithMobile(page, mobile);
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByTestId('header-user-name')).toHaveText('Juan Dela Cruz');

  await header.getByRole('link', { name: 'Addresses' }).click();
  await expect(page.getByRole('listitem', { name: 'Home' })).toContainText('12 Mabini Street');

  // Edit it: the form opens filled in, including the three place levels.
  await page.getByRole('link', { name: 'Edit Home' }).click();
  await expect(page).toHaveURL(/\/settings\/addresses\/add\?id=/);
  const editForm = page.getByRole('form', { name: 'Edit address' });
  await expect(editForm.getByRole('combobox', { name: 'Barangay', exact: true })).toContainText(barangayName);
  await expect(editForm.getByLabel(/^Street/)).toHaveValue('12 Mabini Street');
  await editForm.getByLabel(/^Street/).fill('34 Rizal Avenue');
  await editForm.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/settings\/addresses$/);
  await expect(page.getByText('Address updated')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Home' })).toContainText('34 Rizal Avenue');

  // The profile form saves through PUT /users/update/me and the header follows.
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByLabel('Last name').fill('Dela Cruz-Reyes');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(header.getByTestId('header-user-name')).toHaveText('Juan Dela Cruz-Reyes');

  // Delete the address after confirming.
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Addresses' }).click();
  await page.getByRole('button', { name: 'Delete Home' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Address deleted')).toBeVisible();
  await expect(page.getByText('No saved addresses yet')).toBeVisible();
});

test('staff sign in with email and password', async ({ page }) => {
  await page.goto('/login');
  const staff = page.getByRole('form', { name: 'Staff sign in' });
  await staff.getByLabel('Email').fill('admin@hatid.test');
  await staff.getByLabel('Password').fill('not-the-password');
  await staff.getByRole('button', { name: 'Sign in as staff' }).click();
  await expect(page.locator('[data-sonner-toast]')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await staff.getByLabel('Password').fill('hatid-demo-2026');
  await staff.getByRole('button', { name: 'Sign in as staff' }).click();
  // Admins work in the console: they land on its dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByTestId('header-user-name')).toContainText('Admin');
  // A signed-in person visiting /login is sent where they work.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong mobile number shows the mobile-number message', async ({ page }) => {
  await page.goto('/login/mobile-number');
  await page.getByLabel('Mobile number').fill('12345');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(MOBILE_MESSAGE)).toBeVisible();
  await expect(page).toHaveURL(/\/login\/mobile-number$/);
});

test('signed-out visitors are sent from settings to /login, and sign-in steps need the step before', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/settings/addresses/add');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/login/verify-otp');
  await expect(page).toHaveURL(/\/login\/mobile-number$/);
});
