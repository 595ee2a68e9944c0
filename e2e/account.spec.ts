import { expect, test, type Page, type WebSocket } from '@playwright/test';
import { bookShipment, signUpCustomer } from './helpers/accounts';
import { screenshotWidths } from './helpers/ui';

/**
 * Opens `path` and waits until the page's live connection has joined my `user:` channel, so an event
 * published right after (a booking) reaches the page instead of racing its subscription. Every socket
 * opened from here on is watched: the page being left may still open one of its own on the way out.
 */
async function gotoLive(page: Page, path: string): Promise<void> {
  let onSocket: (ws: WebSocket) => void = () => {};
  const subscribed = new Promise<void>((resolve) => {
    onSocket = (ws) => {
      if (!ws.url().endsWith('/api/ws')) return;
      ws.on('framereceived', (frame) => {
        const payload = String(frame.payload);
        if (payload.includes('"subscribed"') && payload.includes('user:') && page.url().endsWith(path)) resolve();
      });
    };
    page.on('websocket', onSocket);
  });
  try {
    await page.goto(path);
    await subscribed;
  } finally {
    page.off('websocket', onSocket);
  }
}

test('notifications, the bell, rates, referrals and the public information pages', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpCustomer(page, 'Rosa', 'Mercado');
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

  // A new account has nothing yet.
  await gotoLive(page, '/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText('No new notifications')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  await screenshotWidths(page, 'notifications-empty');

  // Booking while the list is open: the notification shows up live, linking to the package page.
  const first = (await bookShipment(page.request)).trackingNumber;
  const list = page.getByRole('list', { name: 'Notifications' });
  const firstItem = list.getByRole('link').filter({ hasText: first });
  await expect(firstItem).toBeVisible();
  await expect(firstItem).toContainText('Shipment booked');
  await expect(firstItem).toContainText(`Your shipment ${first} is booked.`);
  await expect(firstItem).toContainText('Just now');
  await expect(firstItem).toHaveAttribute('href', `/packages/${first}`);
  // Seen while the list is open: no badge.
  await expect(bell).toHaveAccessibleName('Notifications');

  // Elsewhere, the next booking raises the bell's count live.
  await gotoLive(page, '/rates');
  await expect(page.getByRole('heading', { level: 1, name: 'Rates' })).toBeVisible();
  const second = (await bookShipment(page.request)).trackingNumber;
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByTestId('notifications-badge')).toHaveText('1');

  // The rates page: the catalogue with peso prices and the rules of the live config.
  const boxes = page.getByRole('list', { name: 'Box prices' });
  await expect(boxes.getByRole('listitem').filter({ hasText: 'Large Box' })).toContainText('₱720.00');
  await expect(boxes.getByRole('listitem').filter({ hasText: 'Small Box' })).toContainText('₱220.00');
  await expect(boxes.getByRole('listitem').filter({ hasText: 'Small Box' })).toContainText('Up to 3 kg');
  await expect(boxes.getByRole('listitem').filter({ hasText: 'Your Box' })).toContainText('₱375.00');
  await expect(page.getByText('₱2,000.00 per Same Day booking')).toBeVisible();
  await expect(page.getByText(/^₱10\.00 covers a declared value of up to ₱500\.00/)).toBeVisible();
  await expect(page.getByText(/₱20\.00 for each box you pack yourself/)).toBeVisible();
  await screenshotWidths(page, 'rates');

  // Opening the list from the bell clears the count; both bookings are there, newest first.
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(list.getByRole('link')).toHaveCount(2);
  await expect(list.getByRole('link').first()).toHaveAttribute('href', `/packages/${second}`);
  await expect(list.getByRole('link').first()).toContainText('New');
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
  await screenshotWidths(page, 'notifications');
  await list.getByRole('link').filter({ hasText: first }).click();
  await expect(page).toHaveURL(new RegExp(`/packages/${first}$`));

  // Referrals: my own code to share, and a check for someone else's.
  await page.goto('/referrals');
  await expect(page.getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();
  const myCode = (await page.getByTestId('my-agent-code').textContent())!.trim();
  expect(myCode).toMatch(/^[A-Z0-9]{4,16}$/);
  await page.getByRole('button', { name: 'Copy your agent code' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(myCode);
  await expect(page.getByRole('button', { name: 'Copy your agent code' })).toBeVisible({ timeout: 4000 });
  await expect(page.getByText('You did not use an agent code when you signed up.', { exact: false })).toBeVisible();
  const check = page.getByRole('form', { name: 'Check an agent code' });
  await check.getByLabel('Agent code').fill('no');
  await check.getByRole('button', { name: 'Check code' }).click();
  await expect(check.getByText('Agent codes are 4 to 16 letters or digits')).toBeVisible();
  await check.getByLabel('Agent code').fill('ZZZZ0000');
  await check.getByRole('button', { name: 'Check code' }).click();
  await expect(check.getByText(/We could not find the agent code ZZZZ0000/)).toBeVisible();
  await check.getByLabel('Agent code').fill(myCode.toLowerCase());
  await check.getByRole('button', { name: 'Check code' }).click();
  await expect(check.getByText(`${myCode} is a valid agent code.`)).toBeVisible();
  await screenshotWidths(page, 'referrals');

  // /profile is the settings profile page.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Rosa');

  // Signed out: the information pages are open to everyone, the account pages send you to sign in.
  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto('/prohibited-items');
  await expect(anonymous.getByRole('heading', { level: 1, name: 'Prohibited and restricted items' })).toBeVisible();
  await expect(anonymous.getByRole('heading', { level: 2, name: /^Prohibited items/ })).toBeVisible();
  await expect(anonymous.getByText(/Firearms, ammunition and explosives/)).toBeVisible();
  await expect(anonymous.getByRole('heading', { level: 3, name: 'Perishable food' })).toBeVisible();
  await screenshotWidths(anonymous, 'prohibited-items');

  await anonymous.goto('/terms-and-conditions');
  await expect(anonymous.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
  await expect(anonymous.getByRole('heading', { level: 2, name: /Privacy/ })).toBeVisible();
  await expect(anonymous.getByText(/Data Privacy Act of 2012/)).toBeVisible();
  await expect(anonymous.getByText(/Philippine pesos \(PHP, ₱\)/)).toBeVisible();
  await expect(anonymous.getByText(/between 8:00 AM and 6:00 PM/)).toBeVisible();
  await screenshotWidths(anonymous, 'terms-and-conditions');

  await anonymous.goto('/rates');
  await expect(anonymous.getByRole('list', { name: 'Box prices' }).getByRole('listitem').filter({ hasText: 'Medium Box' })).toContainText('₱370.00');
  await expect(anonymous.getByRole('banner').getByRole('link', { name: /^Notifications/ })).toHaveCount(0);

  await anonymous.goto('/notifications');
  await expect(anonymous).toHaveURL(/\/login$/);
  await anonymous.goto('/referrals');
  await expect(anonymous).toHaveURL(/\/login$/);
  await visitor.close();
});
