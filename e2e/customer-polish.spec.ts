import { expect, test, type Page } from '@playwright/test';
import { bookShipment, loginWithEmail, signUpCustomer } from './helpers/accounts';
import { messagesTo, waitForOtp } from './helpers/sms';
import { randomMobileNumber } from './helpers/ui';

// Issue 13, customer app: what people read must be plain, real and complete.

const PROGRAMMER_TEXT = /invalid input|expected|received|undefined|null/i;

/** Every form error on the page (FormField, checkbox and fieldset errors are role="alert"). */
async function formErrors(page: Page): Promise<string[]> {
  await expect(page.getByRole('alert').first()).toBeVisible();
  return (await page.getByRole('alert').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

async function expectPlain(page: Page): Promise<string[]> {
  const errors = await formErrors(page);
  for (const error of errors) expect(error, 'a form error in programmer words').not.toMatch(PROGRAMMER_TEXT);
  return errors;
}

test('sign-up counts its real steps, links the terms, and every empty field says what to do', async ({ page, context }) => {
  test.setTimeout(120_000);
  const mobile = randomMobileNumber();

  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Hatid');
  // Item 14: the button's picture is an icon from the icon set, not an emoji the fonts may lack.
  const mobileButton = page.getByRole('link', { name: 'Continue with mobile number' });
  await expect(mobileButton).toHaveText('Continue with mobile number');
  expect(await mobileButton.innerText()).toMatch(/^[\x20-\x7e]+$/);
  await expect(mobileButton.locator('svg.lucide')).toHaveCount(1);
  await expect(mobileButton.locator('svg.lucide-smartphone')).toHaveCount(0);
  await mobileButton.click();

  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await expect(page).toHaveTitle('Your mobile number · Hatid');
  const seen = messagesTo(mobile.e164).length;
  await page.getByLabel('Mobile number').fill(mobile.local);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/login\/verify-otp$/);
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await page.getByLabel('One-time code').fill(await waitForOtp(mobile.e164, { seen }));

  // The name step, sent empty: plain words, one per field.
  await expect(page).toHaveURL(/\/login\/enter-name$/);
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  expect(await expectPlain(page)).toEqual(['Enter the first name', 'Enter the last name']);
  await page.getByLabel('First name').fill('Rosa');
  await page.getByLabel('Last name').fill('Villanueva');
  await page.getByRole('radio', { name: /Individual/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // The last step links the terms in a new tab; what was typed stays.
  await expect(page).toHaveURL(/\/login\/individual$/);
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await page.getByLabel(/^Email/).fill('rosa@example.com');
  const [terms] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: /^terms and conditions/ }).click()]);
  await expect(terms).toHaveURL(/\/terms-and-conditions$/);
  await expect(terms.getByRole('heading', { level: 1 })).toBeVisible();
  await terms.close();
  await expect(page).toHaveURL(/\/login\/individual$/);
  await expect(page.getByLabel(/^Email/)).toHaveValue('rosa@example.com');
  await expect(page.getByLabel(/I have read and accept/)).not.toBeChecked();
  await page.getByRole('button', { name: 'Create account' }).click();
  expect(await expectPlain(page)).toContain('Accept the terms and conditions to continue');
  await page.getByLabel(/I have read and accept/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('banner').getByTestId('header-user-name')).toHaveText('Rosa Villanueva');

  // Add address, sent empty: what to enter, what to choose.
  await page.goto('/settings/addresses/add');
  await expect(page).toHaveTitle('Add address · Hatid');
  await page.getByRole('button', { name: 'Save address' }).click();
  const addressErrors = await expectPlain(page);
  expect(addressErrors).toEqual(
    expect.arrayContaining([
      'Enter the contact name',
      'Enter the mobile number',
      'Choose a province',
      'Choose a city or municipality',
      'Choose a barangay',
      'Enter the street, building and house number',
    ]),
  );

  // /profile is a page of its own, with its h1 and title; emptied names say so plainly.
  await page.goto('/profile');
  await expect(page).toHaveTitle('Profile · Hatid');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await page.getByLabel('First name').fill('');
  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  expect(await expectPlain(page)).toEqual(['Enter the first name', 'Enter the last name']);
});

test('/track gives a real tracking number as its example', async ({ page }) => {
  await page.goto('/track');
  await expect(page).toHaveTitle('Track a parcel · Hatid');
  const hint = page.getByText(/^For example /);
  await expect(hint).toHaveText('For example ND123456785PH, as printed on the waybill.');
  // The example passes the form's own check (no "typo" message), unlike "ND12345678?PH".
  await page.getByLabel('Tracking number').fill('ND123456785PH');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByText('Check the tracking number: it has a typo')).toHaveCount(0);
  await expect(page).toHaveURL(/trackingNumber=ND123456785PH/);
});

test('a cancelled shipment shows the person’s own reason, owes nothing and offers no waybill', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpCustomer(page, 'Celia');
  const shipment = await bookShipment(page.request, 'Dino Ramos');
  const cancel = await page.request.put(`/api/shipments/${shipment.id}/cancel`, {
    data: { reasonForCancellation: 'Other (please specify)', note: 'Rebooking with the right address' },
  });
  expect(cancel.ok(), await cancel.text()).toBeTruthy();

  await page.goto(`/packages/${shipment.trackingNumber}`);
  await expect(page).toHaveTitle(`Shipment ${shipment.trackingNumber} · Hatid`);
  await expect(page.getByRole('note')).toHaveText('Cancelled: Rebooking with the right address');
  await expect(page.getByRole('list', { name: 'Status timeline' })).toContainText('Rebooking with the right address');
  await expect(page.getByRole('main')).not.toContainText('please specify');

  const payment = page.getByRole('region', { name: 'Price and payment' });
  await expect(payment.getByText('Payment status').locator('xpath=..')).toContainText('Nothing due');
  await expect(payment).not.toContainText('Pending');
  await expect(page.getByRole('button', { name: /Download waybill/ })).toHaveCount(0);
  // Nor does /air-waybill print one for the number typed in.
  await page.goto('/air-waybill');
  await page.getByText('Paste tracking numbers').click();
  await page.getByRole('textbox', { name: 'Tracking numbers' }).fill(shipment.trackingNumber);
  await page.getByRole('button', { name: 'Download PDF' }).click();
  await expect(page.getByRole('alert')).toContainText(`${shipment.trackingNumber}: This shipment is cancelled: it has no waybill`);

  // The notification carries the typed reason too.
  await page.goto('/notifications');
  await expect(page.getByText(`Your shipment ${shipment.trackingNumber} has been cancelled (Rebooking with the right address).`)).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('please specify');
});

test('on a phone the header is one short row with a menu holding every page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await signUpCustomer(page, 'Mila');
  const header = page.getByRole('banner');
  const box = (await header.boundingBox())!;
  expect(box.height, 'header height at 360 px').toBeLessThanOrEqual(72);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  // No link hides in a sideways-scrolling strip.
  await expect(header.getByRole('navigation')).toHaveCount(0);

  const menuButton = header.getByRole('button', { name: 'Open menu' });
  await menuButton.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  for (const name of ['Home', 'Packages', 'Track', 'Addresses', 'Profile', 'Referrals', 'Help']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(menu).toContainText('Mila Bautista');
  await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await menu.getByRole('link', { name: 'Help', exact: true }).click();
  await expect(page).toHaveURL(/\/talk-to-us/);
  await expect(menu).toHaveCount(0);
  await expect(page).toHaveTitle('Talk to us · Hatid');
  await expect(menuButton).toBeFocused();

  // On a desktop the links are in the header itself.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(menuButton).toBeHidden();
  await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Referrals' })).toBeVisible();
});

test('every page names itself in the title and has an h1, console included', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpCustomer(page, 'Tess');
  const pages: [string, string][] = [
    ['/', 'Book a shipment'],
    ['/packages', 'My packages'],
    ['/settings', 'Profile'],
    ['/settings/addresses', 'Saved addresses'],
    ['/notifications', 'Notifications'],
    ['/referrals', 'Referrals'],
    ['/talk-to-us', 'Talk to us'],
    ['/air-waybill', 'Air waybills'],
    ['/rates', 'Rates'],
    ['/prohibited-items', 'Prohibited items'],
    ['/terms-and-conditions', 'Terms and conditions'],
    ['/order-summary', 'Order summary'],
  ];
  const titles = new Set<string>();
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${title} · Hatid`);
    await expect(page.getByRole('heading', { level: 1 }).first(), `${path} has an h1`).toBeVisible();
    titles.add(await page.title());
  }
  expect(titles.size).toBe(pages.length);
  // The empty order summary has its h1 too.
  await page.goto('/order-summary');
  await expect(page.getByRole('heading', { level: 1, name: 'Nothing to review yet' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page).toHaveTitle('Page not found · Hatid');

  // Console screens name themselves from the same router option.
  await page.context().clearCookies();
  await loginWithEmail(page.request, 'admin@hatid.test');
  const consolePages: [string, string][] = [
    ['/dashboard', 'Dashboard'],
    ['/shipments', 'Shipments'],
    ['/users', 'Users'],
    ['/cash-collections', 'Cash collections'],
  ];
  for (const [path, title] of consolePages) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${title} · Hatid`);
  }
});
