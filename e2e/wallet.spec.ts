import { expect, test } from '@playwright/test';
import { dataOf, signUpCustomer } from './helpers/accounts';
import { fillParty } from './helpers/booking';
import { chooseFromCombobox } from './helpers/ui';

const peso = (cents: number) => `₱${(cents / 100).toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a customer tops up by e-wallet through the sandbox, pays a booking from the wallet, cancels it and gets the refund, all live', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpCustomer(page, 'Wanda');
  await page.getByRole('banner').getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  const balance = page.getByTestId('wallet-balance');
  await expect(balance).toHaveText('₱0.00');

  // ₱500 by GCash: the sandbox's hosted page, Pay, and back to the return page with the spec's parameters.
  await page.getByRole('button', { name: '₱500.00', exact: true }).click();
  await page.getByRole('radio', { name: /E-wallet/ }).check();
  await page.getByRole('button', { name: 'Top up ₱500.00' }).click();
  await expect(page.getByText('Sandbox: no real money moves')).toBeVisible();
  await expect(page.getByText('₱500.00')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/wallet\?success=true&method=ewallet&amount=50000$/);
  await expect(page.getByRole('status').filter({ hasText: 'went through' })).toBeVisible();
  await expect(balance).toHaveText('₱500.00');

  // Money moving elsewhere shows on the open page without a reload: in another tab, a Small Box paid by wallet…
  const booking = await page.context().newPage();
  await booking.goto('/');
  await fillParty(booking, 'Sender', {
    name: 'Wanda Bautista',
    mobile: '09171234567',
    province: 'Metro Manila',
    city: 'Makati City',
    street: '12 Sampaguita Street',
  });
  await fillParty(booking, 'Receiver', { name: 'Ben Reyes', mobile: '09181234567', province: 'Cebu', city: 'Cebu City', street: '5 Colon Street' });
  await booking.getByRole('button', { name: 'Add Small Box' }).click();
  await chooseFromCombobox(booking, "What's inside", 'Books', { option: 'Books', within: booking.getByRole('listitem', { name: 'Package 1: Small Box' }) });
  await booking.getByRole('radio', { name: /Wallet/ }).check();
  await expect(booking.getByText('Paid now from your Hatid wallet. Balance: ₱500.00.')).toBeVisible();
  await booking.getByRole('button', { name: 'Continue' }).click();
  await expect(booking).toHaveURL(/\/order-summary$/);
  await expect(booking.getByText('Wallet (paid when you book)')).toBeVisible();
  await booking.getByRole('button', { name: 'Place order' }).click();
  await expect(booking.getByRole('heading', { name: 'Order placed' })).toBeVisible();
  const trackingNumber = (await booking.getByTestId('tracking-number').innerText()).trim();
  const booked = await dataOf<{ totalInCents: number; paymentStatus: string }>(await page.request.get(`/api/shipments/trackingNumber/${trackingNumber}`));
  expect(booked.paymentStatus).toBe('Paid');
  await expect(balance).toHaveText(peso(50_000 - booked.totalInCents));
  const history = page.getByRole('list', { name: 'Wallet history' });
  await expect(history.getByRole('listitem').first()).toContainText('Purchase');

  // …and its cancellation on the shipment's page, refunded to the wallet.
  await booking.goto(`/packages/${trackingNumber}`);
  await booking.getByRole('button', { name: 'Cancel shipment' }).click();
  const dialog = booking.getByRole('dialog', { name: 'Cancel this shipment?' });
  await dialog.getByRole('radio').first().check();
  await dialog.getByRole('button', { name: 'Cancel shipment' }).click();
  await expect(booking.getByText('Shipment cancelled', { exact: true })).toBeVisible();
  await expect(balance).toHaveText('₱500.00');
  await expect(history.getByRole('listitem').first()).toContainText('Refund');
  await expect(history.getByRole('listitem').first()).toContainText(`+${peso(booked.totalInCents)}`);
  await booking.close();
  await page.getByLabel('Type').selectOption('Top Up');
  await expect(history.getByRole('listitem')).toHaveCount(1);
});

test('a QR top-up completes live on the open page', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpCustomer(page, 'Quentin');
  await page.goto('/wallet');
  const balance = page.getByTestId('wallet-balance');
  await expect(balance).toHaveText('₱0.00');
  await page.getByLabel('Amount (₱)').fill('200');
  await page.getByRole('radio', { name: /QR Ph/ }).check();
  await page.getByRole('button', { name: 'Top up ₱200.00' }).click();
  await expect(page.getByRole('img', { name: 'QR Ph code to scan' })).toBeVisible();
  await expect(page.getByText('Waiting for the payment…')).toBeVisible();
  await page.getByRole('button', { name: 'Simulate scan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'QR payment of ₱200.00 received' })).toBeVisible();
  await expect(balance).toHaveText('₱200.00');
  expect(page.url()).toMatch(/\/wallet$/);
});
