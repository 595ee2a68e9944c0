import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { bookShipment, loginWithEmail, signedInApi } from './helpers/accounts';
import { screenshotWidths } from './helpers/ui';

const ALL_SCREENS = [
  'Dashboard',
  'Shipments',
  'Transactions',
  'Users',
  'Clients',
  'Partners',
  'Couriers',
  'Consolidations',
  'Billings',
  'Cash collections',
  'Promo codes',
  'Pricing',
  'Activity log',
  'Reports',
  'Agent reports',
  'Payments',
  'Tickets',
  'Bulk booking',
  'API keys',
  'Webhooks',
];

interface RoleCase {
  email: string;
  /** Where signing in lands. */
  landing: string;
  /** The console navigation, in order (product.md §6 through the domain's CASL rules). */
  screens: string[];
  /** A console address this role may not open. */
  forbidden: string;
  /** Riders, consolidators and sales agents: no booking form, no address book. */
  noBooking?: boolean;
  /** Riders work in the rider app, which has its own phone layout instead of the console navigation. */
  riderApp?: boolean;
}

const ROLES: Record<string, RoleCase> = {
  super_admin: { email: 'super-admin@hatid.test', landing: '/dashboard', screens: ALL_SCREENS, forbidden: '/rider' },
  admin: { email: 'admin@hatid.test', landing: '/dashboard', screens: ALL_SCREENS, forbidden: '/rider' },
  staff: {
    email: 'staff@hatid.test',
    landing: '/dashboard',
    screens: [
      'Dashboard',
      'Shipments',
      'Transactions',
      'Users',
      'Clients',
      'Couriers',
      'Consolidations',
      'Billings',
      'Cash collections',
      'Pricing',
      'Payments',
      'Tickets',
      'Bulk booking',
      'Webhooks',
    ],
    forbidden: '/promo-codes',
  },
  ssp: {
    email: 'ssp@hatid.test',
    landing: '/shipments',
    screens: ['Shipments', 'Users', 'Partners', 'Couriers', 'Consolidations', 'Billings', 'Tickets'],
    forbidden: '/dashboard',
  },
  customer: { email: 'customer@hatid.test', landing: '/', screens: [], forbidden: '/dashboard' },
  business_admin: {
    email: 'business-admin@hatid.test',
    landing: '/dashboard',
    screens: ['Dashboard', 'Shipments', 'Billings', 'API keys', 'Webhooks'],
    forbidden: '/users',
  },
  business_member: { email: 'business-member@hatid.test', landing: '/dashboard', screens: ['Dashboard', 'Shipments'], forbidden: '/transactions' },
  rider: { email: 'rider@hatid.test', landing: '/rider', screens: [], forbidden: '/dashboard', noBooking: true, riderApp: true },
  consolidator: {
    email: 'consolidator@hatid.test',
    landing: '/consolidations',
    screens: ['Couriers', 'Consolidations'],
    forbidden: '/shipments',
    noBooking: true,
  },
  sales_agent: { email: 'sales-agent@hatid.test', landing: '/clients', screens: ['Clients', 'Agent reports'], forbidden: '/shipments', noBooking: true },
  service_partner: {
    email: 'service-partner@hatid.test',
    landing: '/dashboard',
    screens: ['Dashboard', 'Shipments', 'Users', 'Clients', 'Partners', 'Couriers', 'Consolidations'],
    forbidden: '/promo-codes',
  },
};

const urlOf = (path: string) => new RegExp(`${path === '/' ? '/' : path.replace(/[/]/g, '\\/')}$`);

async function expectNoAccess(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  // Not a 404, and no form to fill in.
  await expect(page.getByText('Page not found')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
}

for (const [role, c] of Object.entries(ROLES)) {
  test(`${role}: lands where it works, sees only its screens, and is refused the others`, async ({ page }) => {
    await loginWithEmail(page.request, c.email);
    // What the sign-in pages do once signed in.
    await page.goto('/start');
    await expect(page).toHaveURL(urlOf(c.landing));

    if (c.riderApp) {
      // The rider's day: the shift switch and their jobs, no console navigation and no booking form.
      await expect(page.getByRole('button', { name: /^Time (in|out)$/ })).toBeVisible();
      await expect(page.getByRole('heading', { name: /^Pickups/ })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
    } else if (c.screens.length === 0) {
      // A customer: the booking form, no console links anywhere.
      await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Console' })).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
    } else {
      const nav = page.getByRole('navigation', { name: 'Console' });
      await expect(nav.getByRole('link')).toHaveText(c.screens);
      await expect(page.getByTestId('header-user-role')).not.toBeEmpty();
    }

    await expectNoAccess(page, c.forbidden);

    if (c.noBooking) {
      await expect(page.getByRole('link', { name: 'Book a shipment' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /Addresses/ })).toHaveCount(0);
      await expectNoAccess(page, '/settings/addresses');
      await expectNoAccess(page, '/order-summary');
      await expectNoAccess(page, '/add-own-box');
      // Home is where they work, not the customer form.
      await page.goto('/');
      await expect(page).toHaveURL(urlOf(c.landing));
    }
  });
}

test('the console works at 360 px with a drawer, and on a desktop with a sidebar', async ({ page }) => {
  await loginWithEmail(page.request, 'staff@hatid.test');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('link', { name: 'Shipments' }).click();
  await expect(page).toHaveURL(/\/shipments$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Shipments', exact: true })).toBeVisible();
  await screenshotWidths(page, 'console-shipments');
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-stats')).toBeVisible();
  await screenshotWidths(page, 'console-dashboard');
});

test('staff filter /shipments, keep the filters across a reload, work the rows and export the filtered set', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  // Names take letters only: a run's own surname, from the clock.
  const stamp = [...Date.now().toString(26).slice(-6)].map((d) => String.fromCharCode(97 + parseInt(d, 26))).join('');
  const customer = await signedInApi(baseURL!, 'customer@hatid.test');
  const wanted = await bookShipment(customer, `Lucia Console ${stamp}`);
  const other = await bookShipment(customer, `Marco Other ${stamp}`);
  await customer.dispose();

  await loginWithEmail(page.request, 'staff@hatid.test');
  await page.goto('/shipments');
  const table = page.getByRole('table');
  await expect(table).toBeVisible();

  await page.getByLabel('Search', { exact: true }).fill(`Lucia Console ${stamp}`);
  await expect(page).toHaveURL(/search=Lucia/);
  await page.getByLabel('Delivery type').selectOption({ label: 'Next Day' });
  await expect(page).toHaveURL(/deliveryType=next_day/);
  await page.getByRole('tab', { name: /^Order placed/ }).click();
  await expect(page).toHaveURL(/tab=Order/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(wanted.trackingNumber);

  // A reload (or a shared link) shows the same filtered page.
  await page.reload();
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(`Lucia Console ${stamp}`);
  await expect(page.getByLabel('Delivery type')).toHaveValue('next_day');
  await expect(page.getByRole('tab', { name: /^Order placed/ })).toHaveAttribute('aria-selected', 'true');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(wanted.trackingNumber);
  await expect(table).not.toContainText(other.trackingNumber);

  // The export is the whole filtered set, streamed by the server, named after the table.
  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Shipments_all.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('Tracking number');
  expect(csv).toContain(wanted.trackingNumber);
  expect(csv).not.toContain(other.trackingNumber);

  // The row menu of a shipment offers the spec's four items to staff.
  await table.getByRole('button', { name: `Actions for ${wanted.trackingNumber}` }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['View', 'Edit', 'Duplicate', 'Cancel']);
  await page.keyboard.press('Escape');

  // A bulk move reports each refused shipment: "Delivered" cannot follow "Order placed".
  await table.getByRole('checkbox', { name: `Select row ${wanted.trackingNumber}` }).check();
  await page.getByRole('button', { name: 'Update status' }).click();
  let dialog = page.getByRole('dialog', { name: 'Update delivery status' });
  await dialog.getByLabel('Activity').selectOption('Delivered');
  await dialog.getByRole('button', { name: 'Update status' }).click();
  const refused = page.getByRole('list', { name: 'Refused shipments' });
  await expect(refused).toContainText(wanted.trackingNumber);
  await page.getByRole('button', { name: 'Close' }).first().click();

  // A move it can make goes through; the row leaves the "Order placed" tab.
  await expect(table.getByRole('checkbox', { name: `Select row ${wanted.trackingNumber}` })).toBeChecked();
  await page.getByRole('button', { name: 'Update status' }).click();
  dialog = page.getByRole('dialog', { name: 'Update delivery status' });
  await dialog.getByLabel('Activity').selectOption('On the way for pickup');
  await dialog.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByText('1 shipment moved')).toBeVisible();
  await expect(page.getByText('No data available')).toBeVisible();

  // The detail: every activity, with hide/show for staff.
  await page.goto(`/shipments/${wanted.trackingNumber}`);
  const activities = page.getByRole('list', { name: 'Activities' });
  await expect(activities).toContainText('On the way for pickup');
  await activities.getByRole('button', { name: /Hide "On the way for pickup"/ }).click();
  await expect(activities).toContainText('Hidden from customer');

  // Duplicate: priced again and booked, then its own page opens.
  await page.getByRole('button', { name: 'Duplicate' }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(confirm.getByTestId('duplicate-total')).toContainText('₱');
  await confirm.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByText('Shipment duplicated')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/shipments/${wanted.trackingNumber}$`));
  await expect(page).toHaveURL(/\/shipments\/[A-Z]{2}\d{9}PH$/);
});
