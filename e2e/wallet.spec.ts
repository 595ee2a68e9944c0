import { expect, test, type APIRequestContext } from '@playwright/test';
import { dataOf, placeOf, signUpCustomer } from './helpers/accounts';

/** Books a Next Day Small Box paid from the wallet, as the booking page does (price, then book with that total). */
async function bookByWallet(api: APIRequestContext): Promise<{ id: string; trackingNumber: string; totalInCents: number }> {
  const sender = await placeOf(api, 'Metro Manila', 'Makati City');
  const receiver = await placeOf(api, 'Cebu', 'Cebu City');
  const packages = [{ boxName: 'Small Box', quantity: 1, weightInGrams: 1500 }];
  const quote = await dataOf<{ totalInCents: number }>(
    await api.post('/api/shipments/calculations', {
      data: { deliveryType: 'next_day', packages, declaredInsuranceValue: 0, receiverProvinceCode: receiver.provinceCode },
    }),
  );
  const booked = await api.post('/api/shipments/customer', {
    headers: { 'Idempotency-Key': `e2e-wallet-${Date.now()}` },
    data: {
      deliveryType: 'next_day',
      sender: { name: 'Ana Cruz', mobileNumber: '09171234567', streetName: '12 Sampaguita St', ...sender },
      receiver: { name: 'Ben Reyes', mobileNumber: '09181234567', streetName: '5 Colon St', ...receiver },
      packages: packages.map((p) => ({ ...p, itemCategory: 'Books' })),
      declaredInsuranceValue: 0,
      paidBy: 'wallet',
      expectedTotalInCents: quote.totalInCents,
    },
  });
  return dataOf(booked);
}

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

  // Money moving elsewhere shows on the open page without a reload: a booking paid by wallet…
  const booked = await bookByWallet(page.request);
  await expect(balance).toHaveText(peso(50_000 - booked.totalInCents));
  const history = page.getByRole('list', { name: 'Wallet history' });
  await expect(history.getByRole('listitem').first()).toContainText('Purchase');

  // …and its cancellation, refunded to the wallet.
  const cancelled = await page.request.put(`/api/shipments/${booked.id}/cancel`, { data: { reasonForCancellation: 'Changed my mind' } });
  expect(cancelled.ok(), await cancelled.text()).toBeTruthy();
  await expect(balance).toHaveText('₱500.00');
  await expect(history.getByRole('listitem').first()).toContainText('Refund');
  await expect(history.getByRole('listitem').first()).toContainText(`+${peso(booked.totalInCents)}`);
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
