import { expect, test } from '@playwright/test';
import { bookShipment, loginWithEmail, signedInApi } from './helpers/accounts';
import { emailsTo, waitForInvitationPath } from './helpers/email';
import { randomMobileNumber, screenshotWidths } from './helpers/ui';

/**
 * The users screen's journey: an admin invites a staff member from /users (the "add user" modal); the
 * invitation email (the console provider's log line) carries /register?token=…; the staff member opens it
 * in their own browser, sets their name and password, and lands in the console.
 */
test('an admin invites a staff member, who sets a password and lands in the console', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const email = `rosa.${stamp}@example.ph`;

  await loginWithEmail(page.request, 'admin@hatid.test');
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Users by status' });
  await expect(tabs.getByRole('tab', { name: /Active/ })).toHaveAttribute('aria-selected', 'true');
  const invitedTab = tabs.getByRole('tab', { name: /Invited/ });
  const invitedBefore = Number((await invitedTab.textContent())?.replace(/\D/g, '') || '0');

  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  // An admin may not hand out super admin rights by invitation.
  await expect(dialog.getByRole('checkbox', { name: 'Super admin' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Enter the first name')).toBeVisible();
  await expect(dialog.getByText('Choose at least one role')).toBeVisible();

  await dialog.getByLabel('First name').fill('Rosa');
  await dialog.getByLabel('Last name').fill('Lim');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('checkbox', { name: 'Staff', exact: true }).check();
  const seen = emailsTo(email).length;
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();

  // The Invited tab counts one more and lists the person; the tab lives in the address.
  await invitedTab.click();
  await expect(page).toHaveURL(/\/users\?tab=INVITED/);
  await expect(invitedTab).toContainText(String(invitedBefore + 1));
  await page.getByRole('search', { name: 'Search users' }).getByRole('searchbox').fill(email);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole('row', { name: /Rosa Lim/ })).toBeVisible();

  const path = await waitForInvitationPath(email, { seen });
  expect(path).toMatch(/^\/register\?token=/);

  // The invited person, in a browser of their own.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(path);
  await expect(invitee.getByRole('heading', { name: 'Set up your account' })).toBeVisible();
  await invitee.getByLabel('First name').fill('Rosa');
  await invitee.getByLabel('Last name').fill('Lim');
  await invitee.getByLabel('Password').fill('short');
  await invitee.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(invitee.getByText('Password must be at least 10 characters')).toBeVisible();
  await invitee.getByLabel('Password').fill('a-long-passphrase-2026');
  await invitee.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Users' })).toBeVisible();

  // The link works once.
  const reuse = await context.newPage();
  await context.clearCookies();
  await reuse.goto(path);
  await reuse.getByLabel('First name').fill('Rosa');
  await reuse.getByLabel('Last name').fill('Lim');
  await reuse.getByLabel('Password').fill('another-passphrase-2026');
  await reuse.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(reuse.getByRole('alert')).toBeVisible();
  await expect(reuse).toHaveURL(/\/register\?token=/);
  await context.close();

  // Back in the admin's list: the person is active now.
  await page.goto('/users');
  await page.getByRole('search', { name: 'Search users' }).getByRole('searchbox').fill(email);
  await expect(page.getByRole('row', { name: /Rosa Lim/ })).toContainText('Active');
});

test('an admin adds a client business with its owner and invoice settings, then manages its members; the screens fit a phone', async ({ page }) => {
  const name = `Sari-Sari ${Date.now().toString(36)}`;
  const digits = String(Date.now()).slice(-7);
  await loginWithEmail(page.request, 'admin@hatid.test');
  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();

  await page.getByRole('button', { name: 'Add business' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add business' });
  await dialog.getByLabel('Business name').fill(name);
  await dialog.getByLabel(/Account manager/).selectOption({ index: 1 });
  await dialog.getByRole('checkbox', { name: 'Bill this business by invoice' }).check();
  await dialog.getByLabel('Payment terms (days)').fill('30');
  await dialog.getByLabel('Credit limit (₱)').fill('50000.50');
  // The owner is someone new, signed up with the business (issue 29 item 2).
  await dialog.getByRole('radio', { name: 'Invite someone new' }).check();
  await dialog.getByLabel('First name').fill('Rodel');
  await dialog.getByLabel('Last name').fill('Owner');
  await dialog.getByLabel('Their mobile number').fill(`0917${digits}`);
  await dialog.getByRole('button', { name: 'Add business' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('search', { name: 'Search clients' }).getByRole('searchbox').fill(name);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByText('1 business', { exact: true })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('30 days, limit ₱50,000.50');
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['View', 'Edit', 'Delete']);
  await page.getByRole('menuitem', { name: 'View' }).click();
  const view = page.getByRole('dialog', { name });
  await expect(view.getByText('₱50,000.50')).toBeVisible();
  const members = view.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem')).toHaveCount(1);
  await expect(members).toContainText('Rodel Owner(owner)');
  await expect(view.getByLabel('Role of Rodel Owner')).toHaveValue('business_admin');

  // A colleague, invited as a member, made an admin, then taken out again.
  await view.getByRole('button', { name: 'Add member' }).click();
  const add = page.getByRole('dialog', { name: `Add a member to ${name}` });
  await add.getByRole('radio', { name: 'Invite someone new' }).check();
  await add.getByLabel('First name').fill('Mila');
  await add.getByLabel('Last name').fill('Colleague');
  await add.getByLabel('Their mobile number').fill(`0918${digits}`);
  await add.getByRole('button', { name: 'Add member' }).click();
  await expect(add).toBeHidden();
  await expect(members.getByRole('listitem')).toHaveCount(2);
  await view.getByLabel('Role of Mila Colleague').selectOption('business_admin');
  await expect(view.getByLabel('Role of Mila Colleague')).toHaveValue('business_admin');
  await view.getByRole('button', { name: 'Remove Mila Colleague' }).click();
  const confirm = page.getByRole('dialog', { name: `Remove Mila Colleague from ${name}?` });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(members.getByRole('listitem')).toHaveCount(1);
  await view.getByRole('button', { name: 'Close' }).first().click();

  await screenshotWidths(page, 'console-clients');
  await page.goto('/users');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await screenshotWidths(page, 'console-users');
});

test('a sales agent sees the clients list; an ssp sees users and may only invite customers', async ({ page }) => {
  await loginWithEmail(page.request, 'sales-agent@hatid.test');
  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add business' })).toHaveCount(0);
  await page.request.post('/api/users/logout', { data: {} });

  await loginWithEmail(page.request, 'ssp@hatid.test');
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add user' }).click();
  const invite = page.getByRole('dialog', { name: 'Add user' });
  await expect(invite.getByRole('checkbox')).toHaveCount(1);
  await expect(invite.getByRole('checkbox', { name: 'Customer' })).toBeVisible();
});

/**
 * Dispatch from the app alone (issue 29, items 1, 9 and 19): the admin adds a rider with a mobile number and
 * Makati City as service area (no email: active at once), then assigns that rider for the pick-up from the
 * shipment's own page.
 */
test('an admin adds a rider with a service area in the UI, then assigns that rider from the shipment page', async ({ page, baseURL }) => {
  const stamp = Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  const lastName = `Ramos${stamp.charAt(0).toUpperCase()}${stamp.slice(1)}`;
  const mobile = randomMobileNumber();
  const customer = await signedInApi(baseURL!, 'customer@hatid.test');
  const { trackingNumber } = await bookShipment(customer);
  await customer.dispose();

  await loginWithEmail(page.request, 'admin@hatid.test');
  await page.goto('/users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('First name').fill('Jose');
  await dialog.getByLabel('Last name').fill(lastName);
  await dialog.getByRole('checkbox', { name: 'Rider', exact: true }).check();
  // A rider needs a mobile number (they sign in with a code sent to it); the email may stay empty.
  await dialog.getByRole('button', { name: 'Add rider' }).click();
  await expect(dialog.getByText('A rider signs in with a mobile number: enter one')).toBeVisible();
  await dialog.getByLabel(/^Mobile number/).fill(mobile.local);
  const areas = dialog.getByRole('group', { name: 'Service areas' });
  await areas.getByLabel('Province').selectOption({ label: 'Metro Manila' });
  await areas.getByLabel('Add a city or municipality').selectOption({ label: 'Makati City' });
  await expect(areas.getByRole('list', { name: 'Chosen service areas' })).toHaveText('Makati City');
  await dialog.getByRole('button', { name: 'Add rider' }).click();
  await expect(dialog).toBeHidden();

  // The list shows the rider's area by name.
  await page.getByRole('search', { name: 'Search users' }).getByRole('searchbox').fill(lastName);
  await expect(page.getByRole('row', { name: new RegExp(lastName) })).toContainText('Serves: Makati City');

  // The shipment's own page: Assign rider lists the new rider for the Makati pick-up.
  await page.goto(`/shipments/${trackingNumber}`);
  await page.getByRole('button', { name: 'Assign rider' }).click();
  const assign = page.getByRole('dialog', { name: `Assign riders to ${trackingNumber}` });
  const pickup = assign.getByLabel('Pickup rider');
  await expect(pickup.getByRole('option', { name: new RegExp(`Jose ${lastName}`) })).toHaveCount(1);
  await pickup.selectOption({ label: (await pickup.getByRole('option', { name: new RegExp(`Jose ${lastName}`) }).textContent())! });
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(assign).toBeHidden();
  await expect(page.getByText('Riders assigned to 1 shipment')).toBeVisible();
});
