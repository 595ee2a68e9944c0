import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { completeSignUp, DEMO_PASSWORD } from './helpers/accounts';
import { fillParty } from './helpers/booking';
import { messagesTo, waitForOtp } from './helpers/sms';
import { chooseFromCombobox, randomMobileNumber } from './helpers/ui';

/**
 * Issue 29, "Must hold": a whole day of business on a fresh server, through the screens alone. Each person
 * works in a browser of their own; the only thing read from outside a screen is a one-time code, which a
 * person gets by SMS on their phone (the console SMS provider's log line).
 *
 * The admin adds a rider serving Makati City; staff add a business with a new owner on an invoice account;
 * the owner signs in by mobile, makes an API key and books a parcel to Cebu on account; a new customer books
 * an Intra-City parcel in Makati, cash on delivery; staff dispatch the rider; the rider picks both up and hands
 * them in at the hub; staff bring the Makati parcel to the destination hub and send the rider out with it; the
 * rider delivers it with a photo and the cash; the consolidator flies the Cebu parcel under Cebu Pacific Cargo
 * and completes the consolidation; staff take the rider's cash in, bill the business and issue the invoice;
 * the customer tracks the parcel delivered and has a ticket answered.
 */

const peso = (cents: number) => new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' }).format(cents / 100);
/** Today as a Manila day, yyyy-MM-dd (billing periods are Manila days). */
const manilaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
// A proof photo as the phone's camera app hands it over (1 × 1 PNG).
const PHOTO = {
  name: 'proof.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
};

/**
 * This run's people and business. Names take letters only: a word of the run's own, from the clock, so a second
 * run (on the same server, or repeated in the same worker) finds only its own rows.
 */
function namesOfTheDay() {
  const stamp = [...Date.now().toString(26).slice(-6)].map((d) => String.fromCharCode(97 + parseInt(d, 26))).join('');
  const word = stamp.charAt(0).toUpperCase() + stamp.slice(1);
  return {
    WORD: word,
    RIDER: { first: 'Nestor', last: `Dalisay${word}` },
    OWNER: { first: 'Imelda', last: `Tan${word}` },
    CUSTOMER: { first: 'Lourdes', last: `Garcia${word}` },
    BUSINESS: `Tan ${word} Trading`,
  };
}

const contexts: BrowserContext[] = [];
async function browserOf(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext(options);
  contexts.push(context);
  return context.newPage();
}
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

/** Staff-side sign-in on /login: email and password, then wherever /start sends this role. */
async function signInWithPassword(page: Page, email: string, lands: RegExp): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Staff sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Sign in as staff' }).click();
  await expect(page).toHaveURL(lands);
}

/**
 * Opens a console screen from the navigation, and waits for it: typing into the screen before the page has
 * changed would type into the one being left (both have a Search box).
 */
async function openScreen(page: Page, screen: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: screen, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: screen, exact: true })).toBeVisible();
}

/** A rider's move on the phone: open the job from the list, choose the step, fill what it asks, confirm. */
async function riderMove(phone: Page, trackingNumber: string, activity: string, fill?: (form: Locator) => Promise<void>): Promise<void> {
  await phone
    .getByTestId(`task-${trackingNumber}`)
    .getByRole('link', { name: new RegExp(`^${trackingNumber}`) })
    .click();
  await expect(phone.getByRole('heading', { level: 1, name: trackingNumber })).toBeVisible();
  await phone.getByRole('button', { name: activity, exact: true }).click();
  const form = phone.getByRole('form', { name: activity });
  if (fill) await fill(form);
  await form.getByRole('button', { name: `Confirm: ${activity}` }).click();
  await expect(phone).toHaveURL(/\/rider$/);
  // Sent (the phone's outbox is empty again) before the next step is chosen from the server's state.
  await expect(phone.getByTestId('outbox-count')).toBeHidden({ timeout: 20_000 });
}

/** The proof photo: no live camera on this phone, so its camera app through the file input. */
async function attachPhoto(phone: Page, form: Locator, label: string): Promise<void> {
  const chooser = phone.waitForEvent('filechooser');
  await form.getByText('Open camera').click();
  await (await chooser).setFiles(PHOTO);
  await expect(form.getByRole('img', { name: `${label}, as taken` })).toBeVisible();
}

/** Moves a shipment with its console page's "Update status". */
async function updateStatus(page: Page, activity: string): Promise<void> {
  await page.getByRole('button', { name: 'Update status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update delivery status' });
  await dialog.getByLabel('Activity').selectOption(activity);
  await dialog.getByRole('button', { name: 'Update status' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Activities' })).toContainText(activity);
}

test('a whole day of business, through the screens only', async ({ browser }) => {
  // The whole day in under four minutes (it takes about one and a half on a quiet machine).
  test.setTimeout(240_000);
  const { WORD, RIDER, OWNER, CUSTOMER, BUSINESS } = namesOfTheDay();
  const riderMobile = randomMobileNumber();
  const ownerMobile = randomMobileNumber();
  const desktop = { viewport: { width: 1280, height: 900 } };

  // 1. The admin adds a rider who serves Makati City; staff add the business with its new owner.
  const admin = await browserOf(browser, desktop);
  await signInWithPassword(admin, 'admin@hatid.test', /\/dashboard$/);
  await openScreen(admin, 'Users');
  await admin.getByRole('button', { name: 'Add user' }).click();
  const addUser = admin.getByRole('dialog', { name: 'Add user' });
  await addUser.getByLabel('First name').fill(RIDER.first);
  await addUser.getByLabel('Last name').fill(RIDER.last);
  await addUser.getByRole('checkbox', { name: 'Rider', exact: true }).check();
  await addUser.getByLabel(/^Mobile number/).fill(riderMobile.local);
  const areas = addUser.getByRole('group', { name: 'Service areas' });
  await areas.getByLabel('Province').selectOption({ label: 'Metro Manila' });
  await areas.getByLabel('Add a city or municipality').selectOption({ label: 'Makati City' });
  await expect(areas.getByRole('list', { name: 'Chosen service areas' })).toHaveText('Makati City');
  await addUser.getByRole('button', { name: 'Add rider' }).click();
  await expect(addUser).toBeHidden();
  await admin.getByRole('search', { name: 'Search users' }).getByRole('searchbox').fill(RIDER.last);
  await expect(admin).toHaveURL(/search=/);
  const riderRow = admin.getByRole('row', { name: new RegExp(RIDER.last) });
  await expect(riderRow).toContainText('Serves: Makati City');
  await expect(riderRow).toContainText('Active');

  const staff = await browserOf(browser, desktop);
  await signInWithPassword(staff, 'staff@hatid.test', /\/dashboard$/);
  await openScreen(staff, 'Clients');
  await staff.getByRole('button', { name: 'Add business' }).click();
  const addBusiness = staff.getByRole('dialog', { name: 'Add business' });
  await addBusiness.getByLabel('Business name').fill(BUSINESS);
  await addBusiness.getByRole('checkbox', { name: 'Bill this business by invoice' }).check();
  await addBusiness.getByLabel('Payment terms (days)').fill('30');
  await addBusiness.getByLabel('Credit limit (₱)').fill('20000');
  await addBusiness.getByRole('radio', { name: 'Invite someone new' }).check();
  await addBusiness.getByLabel('First name').fill(OWNER.first);
  await addBusiness.getByLabel('Last name').fill(OWNER.last);
  await addBusiness.getByLabel('Their mobile number').fill(ownerMobile.local);
  await addBusiness.getByRole('button', { name: 'Add business' }).click();
  await expect(addBusiness).toBeHidden();
  await staff.getByRole('search', { name: 'Search clients' }).getByRole('searchbox').fill(BUSINESS);
  await expect(staff).toHaveURL(/search=/);
  const businessRow = staff.getByRole('row', { name: new RegExp(BUSINESS) });
  await expect(businessRow).toContainText('30 days, limit ₱20,000.00');

  // 2. The owner signs in with the code texted to their number and makes an API key for their systems.
  const owner = await browserOf(browser, desktop);
  await owner.goto('/login');
  await owner.getByRole('link', { name: 'Continue with mobile number' }).click();
  const ownerSeen = messagesTo(ownerMobile.e164).length;
  await owner.getByLabel('Mobile number').fill(ownerMobile.local);
  await owner.getByRole('button', { name: 'Send code' }).click();
  await owner.getByLabel('One-time code').fill(await waitForOtp(ownerMobile.e164, { seen: ownerSeen }));
  await expect(owner).toHaveURL(/\/dashboard$/);
  // The console header names the person and, under the name, their roles (which arrive with the profile a moment later).
  await expect(owner.getByRole('banner').getByTestId('header-user-name')).toContainText(`${OWNER.first} ${OWNER.last}`);
  await expect(owner.getByRole('banner').getByTestId('header-user-role')).toContainText('Business admin');
  // A business owner is a customer too: the console shows them their business's screens, not the operations ones.
  await expect(owner.getByRole('navigation', { name: 'Console' }).getByRole('link')).toHaveText(['Dashboard', 'Shipments', 'Billings', 'API keys', 'Webhooks']);
  await openScreen(owner, 'API keys');
  await owner.getByRole('button', { name: 'Create API key' }).click();
  const keyForm = owner.getByRole('dialog', { name: 'Create API key' });
  await keyForm.getByLabel('Name').fill('Warehouse system');
  await keyForm.getByRole('button', { name: 'Create API key' }).click();
  const keyShown = owner.getByRole('dialog', { name: 'API key created' });
  await expect(keyShown.getByRole('alert')).toContainText('it will not be shown again');
  const key = await keyShown.getByLabel('Your API key').inputValue();
  expect(key).toMatch(/^htd_[a-z0-9]{8}_[A-Za-z0-9_-]{32}$/);
  await keyShown.getByRole('button', { name: 'Done' }).click();
  await expect(keyShown).toBeHidden();
  const keyRow = owner.getByRole('row').filter({ hasText: 'Warehouse system' });
  await expect(keyRow).toContainText(`${key.slice(0, 12)}…`);
  await expect(keyRow).toContainText('Active');
  await expect(keyRow).toContainText(`${OWNER.first} ${OWNER.last}`);
  expect(await owner.content()).not.toContain(key);

  // The owner books a parcel to Cebu, billed to the business's account.
  await owner.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Book a shipment' }).click();
  await fillParty(owner, 'Sender', {
    name: `${OWNER.first} ${OWNER.last}`,
    mobile: ownerMobile.local,
    province: 'Metro Manila',
    city: 'Makati City',
    street: '21 Dela Rosa Street',
  });
  await fillParty(owner, 'Receiver', { name: `Ramon Cebu ${WORD}`, mobile: '09181234567', province: 'Cebu', city: 'Cebu City', street: '5 Colon Street' });
  await owner.getByRole('button', { name: 'Add Small Box' }).click();
  await chooseFromCombobox(owner, "What's inside", 'Books', { option: 'Books', within: owner.getByRole('listitem', { name: 'Package 1: Small Box' }) });
  await owner.getByRole('radio', { name: `Bill to ${BUSINESS}'s account (invoice)` }).check();
  await expect(owner.getByText('Payment method: Invoice (billed to your business account)')).toBeVisible();
  await expect(owner.getByRole('complementary', { name: /Price/ }).getByTestId('pricing-figures')).toHaveAttribute('data-current', 'true');
  await owner.getByRole('button', { name: 'Continue' }).first().click();
  await expect(owner).toHaveURL(/\/order-summary$/);
  await owner.getByRole('button', { name: 'Place order' }).click();
  await expect(owner.getByRole('heading', { name: 'Order placed' })).toBeVisible();
  const cebuParcel = (await owner.getByTestId('tracking-number').innerText()).trim();
  expect(cebuParcel).toMatch(/^ND\d{9}PH$/);
  const cebuTotal = owner.getByText(/^₱[\d,]+\.\d{2} · Billed to account$/);
  await expect(cebuTotal).toBeVisible();
  const cebuTotalText = (await cebuTotal.innerText()).split(' · ')[0]!;

  // 3. A customer signs up and books an Intra-City parcel in Makati, paid in cash on delivery.
  const customer = await browserOf(browser, desktop);
  await customer.goto('/login/mobile-number');
  await completeSignUp(customer, CUSTOMER.first, CUSTOMER.last);
  await expect(customer.getByRole('heading', { name: `Welcome, ${CUSTOMER.first}!` })).toBeVisible();
  await customer.locator('label').filter({ hasText: 'Intra-City' }).click();
  await expect(customer.getByRole('radio', { name: /Intra-City/ })).toBeChecked();
  await fillParty(customer, 'Sender', {
    name: `${CUSTOMER.first} ${CUSTOMER.last}`,
    mobile: '09171234567',
    province: 'Metro Manila',
    city: 'Makati City',
    street: '8 Ayala Avenue',
  });
  await fillParty(customer, 'Receiver', {
    name: `Carmen Makati ${WORD}`,
    mobile: '09191234567',
    province: 'Metro Manila',
    city: 'Makati City',
    street: '3 Jupiter Street',
  });
  await customer.getByRole('button', { name: 'Add Small Box' }).click();
  await chooseFromCombobox(customer, "What's inside", 'Books', { option: 'Books', within: customer.getByRole('listitem', { name: 'Package 1: Small Box' }) });
  await customer.getByRole('radio', { name: /Cash upon delivery/ }).check();
  const pricing = customer.getByRole('complementary', { name: /Price/ }).getByTestId('pricing-figures');
  await expect(pricing).toHaveAttribute('data-current', 'true');
  const totalText = (
    await pricing
      .locator('div', { has: customer.getByText('Total', { exact: true }) })
      .last()
      .innerText()
  ).match(/₱[\d,]+\.\d{2}/)![0];
  const totalInCents = Math.round(Number(totalText.replace(/[₱,]/g, '')) * 100);
  await customer.getByRole('button', { name: 'Continue' }).first().click();
  await expect(customer).toHaveURL(/\/order-summary$/);
  await expect(customer.getByText('Cash upon delivery')).toBeVisible();
  await customer.getByRole('button', { name: 'Place order' }).click();
  await expect(customer.getByRole('heading', { name: 'Order placed' })).toBeVisible();
  const makatiParcel = (await customer.getByTestId('tracking-number').innerText()).trim();
  expect(makatiParcel).toMatch(/^IC\d{9}PH$/);
  await expect(customer.getByText(`${peso(totalInCents)} · Cash upon delivery`)).toBeVisible();

  // 4. Staff dispatch the new rider for both pick-ups from the shipments list.
  await openScreen(staff, 'Shipments');
  await staff.getByLabel('Search', { exact: true }).fill(WORD);
  // The search applies after a pause in typing; rows ticked before it would be replaced by its answer.
  await expect(staff).toHaveURL(new RegExp(`search=${WORD}`));
  const table = staff.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  for (const parcel of [makatiParcel, cebuParcel]) await table.getByRole('checkbox', { name: `Select row ${parcel}` }).check();
  await staff.getByRole('button', { name: 'Assign riders' }).click();
  const assign = staff.getByRole('dialog', { name: 'Assign riders to 2 shipments' });
  const pickupRider = assign.getByLabel('Pickup rider');
  const riderOption = pickupRider.getByRole('option', { name: new RegExp(`${RIDER.first} ${RIDER.last}`) });
  await expect(riderOption).toHaveCount(1);
  await pickupRider.selectOption({ label: (await riderOption.textContent())! });
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(assign).toBeHidden();
  await expect(staff.getByText('Riders assigned to 2 shipments')).toBeVisible();

  // 5. The rider signs in on the phone, picks both parcels up and hands them in at the hub.
  const phone = await browserOf(browser, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  await phone.goto('/rider/login');
  const riderSeen = messagesTo(riderMobile.e164).length;
  await phone.getByLabel('Mobile number').fill(riderMobile.local);
  await phone.getByRole('button', { name: 'Send code' }).click();
  await phone.getByLabel('Code').fill(await waitForOtp(riderMobile.e164, { seen: riderSeen }));
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await expect(phone).toHaveURL(/\/rider$/);
  await phone.getByRole('button', { name: 'Time in' }).click();
  await expect(phone.getByTestId('shift-status')).toContainText('On shift');
  for (const parcel of [makatiParcel, cebuParcel]) {
    await expect(phone.getByTestId(`task-${parcel}`)).toBeVisible();
    await riderMove(phone, parcel, 'On the way for pickup');
    await riderMove(phone, parcel, 'Package picked up', (form) => attachPhoto(phone, form, 'Pickup photo'));
    await expect(phone.getByTestId(`task-${parcel}`)).toContainText('Picked up from the sender: bring it to the origin hub');
    await riderMove(phone, parcel, 'At origin hub');
  }

  // Staff bring the Makati parcel to the destination hub (no port leg within a city) and send the rider out with it.
  await table.getByRole('link', { name: makatiParcel }).click();
  await expect(staff.getByRole('heading', { level: 1, name: makatiParcel })).toBeVisible();
  await updateStatus(staff, 'Arrived at destination hub');
  await staff.getByRole('button', { name: 'Assign rider' }).click();
  const assignDelivery = staff.getByRole('dialog', { name: `Assign riders to ${makatiParcel}` });
  const deliveryRider = assignDelivery.getByLabel('Delivery rider');
  await deliveryRider.selectOption({ label: (await deliveryRider.getByRole('option', { name: new RegExp(`${RIDER.first} ${RIDER.last}`) }).textContent())! });
  await assignDelivery.getByRole('button', { name: 'Assign' }).click();
  await expect(assignDelivery).toBeHidden();

  const deliveries = phone.getByRole('region', { name: /^Deliveries/ });
  await expect(deliveries.getByTestId(`task-${makatiParcel}`)).toBeVisible({ timeout: 20_000 });
  await expect(deliveries.getByTestId(`task-${makatiParcel}`)).toContainText(`Collect ${peso(totalInCents)}`);
  await riderMove(phone, makatiParcel, 'Out for delivery');
  await riderMove(phone, makatiParcel, 'Delivered', async (form) => {
    await attachPhoto(phone, form, 'Delivery photo');
    await expect(form.getByLabel('Cash collected (₱)')).toHaveValue((totalInCents / 100).toFixed(2));
    await form.getByLabel('I collected the cash').check();
  });
  await expect(phone.getByTestId(`task-${makatiParcel}`)).toHaveCount(0);
  await expect(phone.getByTestId('stat-delivered-today')).toHaveText('1');
  await expect(phone.getByTestId('stat-cash-on-hand')).toHaveText(peso(totalInCents));

  // Staff see it delivered, with both proof photos and the cash.
  await staff.reload();
  await expect(staff.getByRole('list', { name: 'Activities' }).getByText('Delivered', { exact: true })).toBeVisible();
  const proofs = staff.locator('section', { has: staff.getByRole('heading', { name: 'Proof of pickup and delivery' }) });
  await expect(proofs.getByRole('img')).toHaveCount(2);
  await expect(staff.getByRole('list', { name: 'Payments' })).toContainText(peso(totalInCents));

  // 6. The consolidator flies the Cebu parcel: opens MNL → CEB, adds it, seals it under a seeded carrier, lands it, completes it.
  const consolidator = await browserOf(browser, desktop);
  await signInWithPassword(consolidator, 'consolidator@hatid.test', /\/consolidations$/);
  await consolidator.getByRole('button', { name: 'New consolidation' }).click();
  const create = consolidator.getByRole('dialog', { name: 'New consolidation' });
  await create.getByLabel('From airport').selectOption('MNL');
  await create.getByLabel('To airport').selectOption('CEB');
  await create.getByLabel('Carrier — needed to seal').selectOption({ label: 'Cebu Pacific Cargo' });
  const mawb = `203-${String(Date.now()).slice(-8)}`;
  await create.getByLabel('Master air waybill (MAWB) — needed to seal').fill(mawb);
  await create.getByRole('button', { name: 'Open consolidation' }).click();
  await expect(consolidator).toHaveURL(/\/consolidations\/MNL-CEB-\d{8}-\d{2}$/);
  const tag = decodeURIComponent(consolidator.url().split('/').pop()!);
  await consolidator.getByRole('button', { name: `Add ${cebuParcel}` }).click();
  const inside = consolidator.getByRole('table', { name: `Shipments in ${tag}` });
  const cebuRow = inside.getByRole('row').filter({ hasText: cebuParcel });
  await expect(cebuRow).toContainText('Cebu Pacific Cargo');
  await consolidator.getByRole('button', { name: 'Seal consolidation' }).click();
  await expect(consolidator.getByText('Consolidated', { exact: true })).toBeVisible();
  await expect(cebuRow).toContainText('Orig. port');
  await consolidator.getByRole('button', { name: 'Arrived: start deconsolidation' }).click();
  await expect(consolidator.getByText('Deconsolidating', { exact: true })).toBeVisible();
  await consolidator.getByRole('radio', { name: 'Received' }).check();
  const confirmBox = consolidator.getByLabel('Confirm a package at the destination');
  await confirmBox.fill(cebuParcel);
  await confirmBox.press('Enter');
  await expect(cebuRow).toContainText('Received');
  await consolidator.getByRole('button', { name: 'Complete deconsolidation' }).click();
  await expect(consolidator.getByText('Completed', { exact: true })).toBeVisible();
  await expect(cebuRow).toContainText('Dest. hub');

  // 7. Staff take the rider's cash in at the hub, then bill the business and issue its invoice.
  await openScreen(staff, 'Cash collections');
  const riderName = `${RIDER.first} ${RIDER.last}`;
  const holders = staff.getByRole('list', { name: 'Outstanding cash by person' });
  await expect(holders.getByRole('listitem').filter({ hasText: riderName })).toContainText(`Delivery cash${peso(totalInCents)}`);
  await staff.getByRole('button', { name: `Record hand-over from ${riderName}` }).click();
  const handOver = staff.getByRole('dialog', { name: 'Add collection' });
  await expect(handOver.getByRole('checkbox', { name: makatiParcel })).toBeChecked();
  await expect(handOver.getByTestId('collection-total')).toHaveText(peso(totalInCents));
  await handOver.getByLabel(/^Location/).selectOption({ label: 'Metro Manila' });
  await handOver.getByRole('button', { name: 'Add collection' }).click();
  await expect(handOver).toBeHidden();
  const collection = staff.getByRole('row').filter({ hasText: riderName }).first();
  await expect(collection).toContainText('Pending');
  await staff
    .getByRole('button', { name: `Actions for the ${peso(totalInCents)} hand-over by ${riderName}` })
    .first()
    .click();
  await staff.getByRole('menuitem', { name: 'Mark completed' }).click();
  await expect(collection).toContainText('Completed');
  await expect(holders.getByRole('listitem').filter({ hasText: riderName })).toHaveCount(0);
  await phone.reload();
  await expect(phone.getByTestId('stat-cash-on-hand')).toHaveText(peso(0));

  await openScreen(staff, 'Billings');
  await staff.getByRole('button', { name: 'Add billing' }).click();
  const addBilling = staff.getByRole('dialog', { name: 'Add billing' });
  await addBilling.getByLabel('Client').selectOption({ label: BUSINESS });
  await addBilling.getByLabel('Period from').fill(manilaToday());
  await addBilling.getByLabel('Period to').fill(manilaToday());
  await addBilling.getByRole('button', { name: 'Add billing' }).click();
  await expect(addBilling).toBeHidden();
  const billingRow = staff.getByRole('row').filter({ hasText: BUSINESS }).first();
  await expect(billingRow).toContainText('Pending');
  await expect(billingRow).toContainText(cebuTotalText);
  await billingRow.getByRole('button', { name: new RegExp(`^Actions for ${BUSINESS}`) }).click();
  await staff.getByRole('menuitem', { name: 'View', exact: true }).click();
  const billing = staff.getByRole('dialog', { name: `Billing for ${BUSINESS}` });
  await expect(billing).toContainText(cebuParcel);
  await billing.getByRole('button', { name: 'Issue invoice' }).click();
  await staff.getByRole('dialog', { name: 'Issue an invoice?' }).getByRole('button', { name: 'Issue invoice' }).click();
  await expect(billing.getByRole('list', { name: 'Invoices' })).toContainText(/INV-\d{6}/);
  const invoiceNumber = ((await billing.getByRole('list', { name: 'Invoices' }).textContent()) ?? '').match(/INV-\d{6,}/)![0];
  await staff.keyboard.press('Escape');
  await expect(billingRow).toContainText(invoiceNumber);

  // The owner reads the business's billing and its invoice in their own console.
  await owner.getByRole('banner').getByRole('link', { name: 'Console' }).click();
  await openScreen(owner, 'Billings');
  const ownBilling = owner.getByRole('row').filter({ hasText: invoiceNumber });
  await expect(ownBilling).toContainText(cebuTotalText);
  await expect(ownBilling).toContainText('Pending');

  // 8. The customer tracks the parcel: delivered. They write to support; staff answer; the customer reads it.
  await customer.getByRole('banner').getByRole('link', { name: 'Track' }).click();
  await expect(customer.getByRole('heading', { name: 'Track a shipment' })).toBeVisible();
  await customer.getByRole('textbox', { name: 'Tracking number' }).fill(makatiParcel);
  await customer.getByRole('button', { name: 'Track' }).click();
  await expect(customer.getByText(/^Delivered on /).first()).toBeVisible();
  await expect(customer.getByRole('list', { name: 'Tracking history' }).getByRole('listitem').first()).toContainText('Delivered');

  await customer.getByRole('banner').getByRole('link', { name: 'Help' }).click();
  const ticketForm = customer.getByRole('form', { name: 'Open a support ticket' });
  const subject = 'Receipt for the cash on delivery';
  await ticketForm.getByLabel('Subject').fill(subject);
  await ticketForm.getByLabel('Message').fill('Please send me a receipt for the cash my receiver paid.');
  await chooseFromCombobox(customer, 'Shipment (optional)', makatiParcel, { option: `${makatiParcel} · to Makati City` });
  await ticketForm.getByRole('button', { name: 'Send message' }).click();
  await expect(customer.getByText('Ticket created successfully')).toBeVisible();

  await openScreen(staff, 'Tickets');
  // The search box takes a tracking number. A row menu opened before the search applies closes when its answer
  // replaces the rows, so the answer is awaited first.
  await staff.getByRole('search', { name: 'Search tickets' }).getByRole('searchbox').fill(makatiParcel);
  await expect(staff).toHaveURL(new RegExp(`search=${makatiParcel}`));
  await expect(staff.getByRole('row')).toHaveCount(2);
  const ticketRow = staff.getByRole('row').filter({ hasText: subject });
  await expect(ticketRow).toContainText(`${CUSTOMER.first} ${CUSTOMER.last}`);
  await ticketRow.getByRole('button', { name: `Actions for ${subject}` }).click();
  await staff.getByRole('menuitem', { name: 'View' }).click();
  const thread = staff.getByRole('dialog', { name: subject });
  const answer = `Your receipt for ${peso(totalInCents)} is on its way by email.`;
  await thread.getByLabel('Reply to the customer').fill(answer);
  await thread.getByRole('button', { name: 'Send reply' }).click();
  await expect(thread.getByRole('list', { name: 'Replies' }).getByText(answer)).toBeVisible();

  await customer.reload();
  const mine = customer.getByRole('list', { name: 'My tickets' }).getByRole('listitem', { name: subject });
  await expect(mine).toContainText('In progress');
  await mine.getByRole('button', { name: `Conversation about ${subject}` }).click();
  await expect(mine.getByRole('list', { name: 'Replies' }).getByText(answer)).toBeVisible();
});
