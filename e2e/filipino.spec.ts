import { chromium, expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { bookShipment, completeSignUp, dataOf, placeOf, signedInApi } from './helpers/accounts';
import { fillParty, type Party } from './helpers/booking';
import { expectFilipinoScreen, fil, inFilipino as say, startingWith } from './helpers/filipino';
import { messagesTo, waitForOtp } from './helpers/sms';
import { chooseFromCombobox, randomMobileNumber, startTheApp } from './helpers/ui';

/**
 * Issue 32 "Must hold": the customer's and the rider's walks in Filipino on a 360 × 740 phone. Every screen is
 * checked for English left from the catalogues, raw placeholders, and anything past the screen's edge or cut off
 * (helpers/filipino.ts). The customer's phone asks for Filipino (its browser's language); the rider's is English
 * and the rider chooses Filipino on the sign-in page, as a person does.
 */
const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } as const;

const SENDER: Party = { name: 'Rosa Bautista', mobile: '09171234567', province: 'Metro Manila', city: 'Makati City', street: '12 Sampaguita Street' };
const RECEIVER: Party = { name: 'Ramon Cruz', mobile: '09181234567', province: 'Cebu', city: 'Cebu City', street: '5 Colon Street' };
/** What the person typed or chose (names, places): shown as it is in any language. */
const USER_DATA = [SENDER, RECEIVER].flatMap((party) => [party.name, party.street, party.city, party.province]).concat(['Rosa', 'Hatid Makati Hub']);

const check = (page: Page, screen: string, userData: readonly string[] = []) => expectFilipinoScreen(page, screen, { userData: [...USER_DATA, ...userData] });

/** Adds a Small Box of books to the booking form. */
async function addSmallBoxOfBooks(page: Page) {
  await page.getByRole('button', { name: fil('Add {name}', { values: { name: 'Small Box' } }) }).click();
  const line = page.getByRole('listitem', { name: fil('Package {number}: {box}', { values: { number: 1, box: 'Small Box' } }) });
  await chooseFromCombobox(page, fil("What's inside"), '', { within: line, say });
}

/** The price shown is the server's for what the form says now: the phone's total bar, or the pricing card. */
const expectCurrentPrice = (page: Page) =>
  expect(page.locator('[data-testid="mobile-total"]:visible, [data-testid="pricing-figures"]:visible').first()).toHaveAttribute('data-current', 'true');

/** Continue, the order summary, Place order: the success page's tracking number. */
async function placeOrder(page: Page, screen: string): Promise<string> {
  await expectCurrentPrice(page);
  await check(page, `${screen}: booking form`);
  await page.getByRole('button', { name: fil('Continue', { area: 'booking' }) }).click();
  await expect(page).toHaveURL(/\/order-summary$/);
  await expectCurrentPrice(page);
  await check(page, `${screen}: order summary`);
  await page.getByRole('button', { name: fil('Place order') }).click();
  await expect(page.getByRole('heading', { name: fil('Order placed') })).toBeVisible();
  const trackingNumber = (await page.getByTestId('tracking-number').innerText()).trim();
  await check(page, `${screen}: order placed`, [trackingNumber]);
  return trackingNumber;
}

/** The signed-in header's menu (below xl the links live in a drawer), then one of its links. */
async function openFromMenu(page: Page, link: string) {
  await page.getByRole('button', { name: fil('Open menu') }).click();
  const menu = page.getByRole('dialog');
  await check(page, `menu (for ${link})`, ['Rosa Bautista']);
  await menu.getByRole('link', { name: fil(link), exact: true }).click();
  await expect(menu).toBeHidden();
}

test('a customer reads Hatid in Filipino on a 360 px phone: signs up, tops up, books with pick-up and drop-off, tracks, writes to support', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const phone = await browser.newContext({ ...PHONE, baseURL: BASE_URL, locale: 'fil-PH' });
  const page = await phone.newPage();

  // A browser in Filipino gets the static home page in Filipino, then the app in Filipino.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
  await check(page, 'home (static page)');
  await startTheApp(page);
  await expect(page.getByRole('heading', { name: fil('Book a shipment') })).toBeVisible();
  await check(page, 'home (signed out)');

  // Sign in from the header: one language switch on the sign-in page.
  await page
    .getByRole('banner')
    .getByRole('link', { name: fil('Sign in') })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('combobox', { name: fil('Language') })).toHaveCount(1);
  await check(page, 'sign in');
  await page.getByRole('link', { name: fil('Continue with mobile number') }).click();

  // A wrong number is refused before anything is sent, in Filipino.
  await page.getByLabel(fil('Mobile number')).fill('12345');
  await page.getByRole('button', { name: fil('Send code') }).click();
  await expect(page.getByText(fil('Enter a valid Philippine mobile number, e.g. 0917 123 4567'))).toBeVisible();
  await check(page, 'sign up: wrong mobile number', ['12345']);
  await completeSignUp(page, 'Rosa', 'Bautista', { say, onStep: (step) => check(page, `sign up: ${step}`) });
  await expect(page.getByRole('heading', { name: fil('Welcome, {firstName}!', { values: { firstName: 'Rosa' } }) })).toBeVisible();
  await check(page, 'home (signed in)');

  // ₱500 into the wallet by e-wallet (the sandbox's page stands for the provider's, in English as theirs would be).
  await openFromMenu(page, 'Wallet');
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByTestId('wallet-balance')).toHaveText('₱0.00');
  await check(page, 'wallet');
  await page.getByRole('button', { name: '₱500.00', exact: true }).click();
  await page.getByRole('radio', { name: /E-wallet/ }).check();
  await page.getByRole('button', { name: fil('Top up {amountText}', { values: { amountText: '₱500.00' } }) }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/wallet\?success=true/);
  await expect(page.getByTestId('wallet-balance')).toHaveText('₱500.00');
  await check(page, 'wallet after the top-up');

  // Booked with pick-up, paid from the wallet.
  await openFromMenu(page, 'Home');
  await expect(page.getByRole('radio', { name: startingWith(fil('Pick up')) })).toBeChecked();
  await fillParty(page, 'Sender', SENDER, { say });
  await fillParty(page, 'Receiver', RECEIVER, { say });
  await addSmallBoxOfBooks(page);
  await page.getByRole('radio', { name: /Wallet/ }).check();
  const pickedUp = await placeOrder(page, 'pick-up');

  // Booked with drop-off at the Makati hub, paid in cash.
  await page.getByRole('link', { name: fil('Book another shipment') }).click();
  await page.getByRole('radio', { name: startingWith(fil('Drop off')) }).check();
  await fillParty(page, 'Sender', SENDER, { say });
  await fillParty(page, 'Receiver', RECEIVER, { say });
  await page
    .getByRole('group', { name: fil('Hub to drop off at') })
    .locator('label')
    .filter({ hasText: 'Hatid Makati Hub' })
    .getByRole('radio')
    .check();
  await addSmallBoxOfBooks(page);
  await page.getByRole('radio', { name: fil('Cash upon delivery') }).check();
  const droppedOff = await placeOrder(page, 'drop-off');

  // Track: the list, a shipment's page, and the tracking page.
  await openFromMenu(page, 'Packages');
  // On a phone the list is cards, not a table.
  await expect(page.getByRole('main')).toContainText(droppedOff);
  await check(page, 'packages', [pickedUp, droppedOff]);
  await page.getByRole('main').getByRole('link', { name: pickedUp }).first().click();
  await expect(page).toHaveURL(new RegExp(`/packages/${pickedUp}$`));
  await expect(page.getByTestId('timeline-headline')).toBeVisible();
  await check(page, 'a package', [pickedUp]);
  await openFromMenu(page, 'Track');
  await expect(page).toHaveURL(/\/track$/);
  await page.getByRole('textbox', { name: fil('Tracking number'), exact: true }).fill(droppedOff);
  await page
    .getByRole('main')
    .getByRole('button', { name: fil('Track') })
    .click();
  await expect(page.getByTestId('timeline-headline')).toBeVisible();
  await check(page, 'tracking', [droppedOff]);

  // A support ticket about the first shipment.
  await openFromMenu(page, 'Help');
  await expect(page).toHaveURL(/\/talk-to-us$/);
  await check(page, 'talk to us');
  const form = page.getByRole('form', { name: fil('Open a support ticket') });
  await form.getByRole('button', { name: fil('Send message') }).click();
  await check(page, 'talk to us: empty form');
  await form.getByLabel(fil('Subject')).fill('Hindi pa nakukuha ang parcel');
  await form.getByLabel(fil('Message')).fill('Walang dumating na rider kahapon.');
  await form.getByRole('button', { name: fil('Send message') }).click();
  const ticket = page.getByRole('list', { name: fil('My tickets') }).getByRole('listitem', { name: 'Hindi pa nakukuha ang parcel' });
  await expect(ticket).toBeVisible();
  await check(page, 'talk to us: ticket sent', ['Hindi pa nakukuha ang parcel', 'Walang dumating na rider kahapon.']);
  await phone.close();
});

let admin: APIRequestContext;
let staff: APIRequestContext;
let camera: Browser | undefined;
test.beforeAll(async () => {
  admin = await signedInApi(BASE_URL, 'admin@hatid.test');
  staff = await signedInApi(BASE_URL);
});
test.afterAll(async () => {
  await camera?.close();
  await admin?.dispose();
  await staff?.dispose();
});

test('a rider chooses Filipino on the sign-in page, times in, picks up and delivers on a 360 px phone', async () => {
  test.setTimeout(300_000);
  // A rider of their own (so the demo rider's shift and cash stay as other specs expect), serving both cities.
  const makati = await placeOf(admin, 'Metro Manila', 'Makati City');
  const cebu = await placeOf(admin, 'Cebu', 'Cebu City');
  const mobile = randomMobileNumber();
  const rider = await dataOf<{ id: string }>(
    await admin.post('/api/users', {
      data: { firstName: 'Dante', lastName: 'Ilagan', roles: ['rider'], mobileNumber: mobile.local, serviceAreaCodes: [makati.cityCode, cebu.cityCode] },
    }),
  );
  const shipment = await bookShipment(staff, 'Carmen Reyes');
  await dataOf(await staff.put(`/api/shipments/${shipment.id}`, { data: { pickupRiderId: rider.id, dropOffRiderId: rider.id } }));
  const seenOn = [shipment.trackingNumber, 'Carmen Reyes', 'Ana Cruz', 'Dante Ilagan', 'Dante', '12 Sampaguita St', '5 Colon St', 'Makati City', 'Cebu City'];
  const riderCheck = (page: Page, screen: string) => expectFilipinoScreen(page, `rider: ${screen}`, { userData: seenOn });

  // The phone's camera is Chromium's fake one (its test pattern is photo enough).
  camera = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  });
  const phone = await camera.newContext({ ...PHONE, baseURL: BASE_URL, locale: 'en-PH', permissions: ['camera'] });
  const page = await phone.newPage();

  await page.goto('/rider/login');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fil');
  await expect(page.getByRole('button', { name: fil('Send code') })).toBeVisible();
  await riderCheck(page, 'sign in');
  const seen = messagesTo(mobile.e164).length;
  await page.getByLabel(fil('Mobile number')).fill(mobile.local);
  await page.getByRole('button', { name: fil('Send code') }).click();
  await riderCheck(page, 'code');
  await page.getByLabel(fil('Code')).fill(await waitForOtp(mobile.e164, { seen }));
  await page.getByRole('button', { name: fil('Sign in', { area: 'riders' }) }).click();
  await expect(page).toHaveURL(/\/rider$/);
  await riderCheck(page, 'home, off shift');
  await page.getByRole('button', { name: fil('Time in') }).click();
  await expect(page.getByRole('button', { name: fil('Time out') })).toBeVisible();
  const task = page.getByTestId(`task-${shipment.trackingNumber}`);
  await expect(task).toBeVisible();
  await riderCheck(page, 'home, on shift');

  /** Opens the task and records a move, with a photo and the cash where the move asks for them. */
  const record = async (move: string, { photo = false, cash = false } = {}) => {
    await task.getByRole('link', { name: new RegExp(`^${shipment.trackingNumber}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/rider/shipments/${shipment.trackingNumber}$`));
    await riderCheck(page, `shipment before "${move}"`);
    const name = fil(move, { area: 'riders' });
    await page.getByRole('button', { name, exact: true }).click();
    if (photo) {
      await page.getByRole('button', { name: fil('Take photo') }).click();
      await expect(page.getByRole('img')).not.toHaveCount(0);
    }
    if (cash) await page.getByLabel(fil('I collected the cash')).check();
    await riderCheck(page, `"${move}" form`);
    await page.getByRole('button', { name: fil('Confirm: {name}', { values: { name } }) }).click();
    await expect(page).toHaveURL(/\/rider$/);
    await expect(page.getByTestId('outbox-count')).toBeHidden({ timeout: 20_000 });
  };
  await record('On the way for pickup');
  await record('Package picked up', { photo: true });

  // The hub and the line haul (staff), to the destination hub: the delivery is the rider's now.
  for (const activity of ['At origin hub', 'Loaded for shipping', 'In-transit', 'Arrived at destination port', 'Arrived at destination hub']) {
    await dataOf(await staff.post(`/api/shipments/${shipment.trackingNumber}/deliveryStatus`, { data: { activity } }));
  }
  await expect(page.getByRole('region', { name: startingWith(fil('Deliveries')) }).getByTestId(`task-${shipment.trackingNumber}`)).toBeVisible({
    timeout: 20_000,
  });
  await riderCheck(page, 'home, a delivery');
  await record('Out for delivery');
  await record('Delivered', { photo: true, cash: true });
  await expect(task).toHaveCount(0);
  await riderCheck(page, 'home, all delivered');

  // End of the shift, holding the recipient's cash: the app asks first.
  await page.getByRole('button', { name: fil('Time out') }).click();
  await riderCheck(page, 'time out with cash');
  await page.getByRole('button', { name: startingWith(fil('Time out, I hold {cash}').replace('{cash}', '')) }).click();
  await expect(page.getByRole('button', { name: fil('Time in') })).toBeVisible();
  await riderCheck(page, 'home, shift over');
  await phone.close();
});
