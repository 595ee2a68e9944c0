import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { inEnglish, startingWith, type Say } from './filipino';
import { messagesTo, waitForOtp } from './sms';
import { randomMobileNumber } from './ui';

/** The demo accounts' password (apps/server/src/seed). */
export const DEMO_PASSWORD = 'hatid-demo-2026';

/**
 * Sign-up from the mobile-number page on, as a person does: a new number → the code from the SMS log →
 * name → Individual → accept the terms → create. Where it lands next is the caller's to check. `say` gives the
 * words in the page's language (helpers/filipino.ts); `onStep` looks at each page before it is filled in.
 */
export async function completeSignUp(
  page: Page,
  firstName: string,
  lastName = 'Bautista',
  { say = inEnglish, onStep }: { say?: Say; onStep?: (step: string) => Promise<void> } = {},
): Promise<void> {
  const mobile = randomMobileNumber();
  const seen = messagesTo(mobile.e164).length;
  await onStep?.('mobile number');
  await page.getByLabel(say('Mobile number')).fill(mobile.local);
  await page.getByRole('button', { name: say('Send code') }).click();
  await expect(page).toHaveURL(/\/login\/verify-otp$/);
  await onStep?.('one-time code');
  await page.getByLabel(say('One-time code')).fill(await waitForOtp(mobile.e164, { seen }));
  await expect(page).toHaveURL(/\/login\/enter-name$/);
  await onStep?.('name');
  await page.getByLabel(say('First name')).fill(firstName);
  await page.getByLabel(say('Last name')).fill(lastName);
  await page.getByRole('radio', { name: startingWith(say('Individual')) }).check();
  await page.getByRole('button', { name: say('Continue') }).click();
  await expect(page).toHaveURL(/\/login\/individual$/);
  await onStep?.('terms');
  // The label is a sentence with two links in it: its words before the first.
  const terms = say('I have read and accept the Hatid <0>terms and conditions</0> and <1>privacy policy</1>.').replace(/<0>.*/, '').trim();
  await page.getByLabel(startingWith(terms)).check();
  await page.getByRole('button', { name: say('Create account') }).click();
}

/** A new customer, signed in on `page`, through the real sign-up pages. */
export async function signUpCustomer(page: Page, firstName: string, lastName = 'Bautista'): Promise<void> {
  await page.goto('/login/mobile-number');
  await completeSignUp(page, firstName, lastName);
  await expect(page.getByRole('banner').getByTestId('header-user-name')).toHaveText(`${firstName} ${lastName}`);
}

/**
 * A new individual customer signed in on `request` through the sign-up calls the pages make (code by SMS,
 * then the registration): for specs about something other than signing up.
 */
export async function signUpCustomerByApi(request: APIRequestContext, firstName: string, lastName: string): Promise<void> {
  const mobile = randomMobileNumber();
  const seen = messagesTo(mobile.e164).length;
  await dataOf(await request.post('/api/sms/sendOtp', { data: { mobileNumber: mobile.local } }));
  const otp = await waitForOtp(mobile.e164, { seen });
  const verified = await dataOf<{ status: string; registrationToken?: string }>(
    await request.post('/api/sms/verifyOtp', { data: { mobileNumber: mobile.local, otp } }),
  );
  expect(verified.status).toBe('registration_required');
  await dataOf(
    await request.post('/api/users/registerCustomer', {
      data: { registrationToken: verified.registrationToken, firstName, lastName, accountType: 'individual' },
    }),
  );
}

/**
 * Signs a demo account in on `request` (a page's request shares the page's cookies). Password sign-in is
 * limited per address and minute; a suite signing in many roles waits out the limit as a person would.
 */
export async function loginWithEmail(request: APIRequestContext, email: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const login = await request.post('/api/users/loginWithEmail', { data: { email, password: DEMO_PASSWORD } });
    if (login.status() === 429 && attempt < 3) {
      const wait = Number(login.headers()['retry-after'] ?? '60');
      await new Promise((resolve) => setTimeout(resolve, (Number.isFinite(wait) ? wait + 1 : 61) * 1000));
      continue;
    }
    expect(login.ok(), `${email}: ${login.status()} ${await login.text()}`).toBeTruthy();
    return;
  }
}

/** A demo staff-side account signed in on its own API context (its own cookie jar); dispose it after. */
export async function signedInApi(baseURL: string, email = 'staff@hatid.test'): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  await loginWithEmail(api, email);
  return api;
}

/** The `data` of an answer that must have succeeded. */
export async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBeTruthy();
  return ((await response.json()) as { data: T }).data;
}

/** A real place from the covered-area lists: the province, the city and its first barangay. */
export async function placeOf(api: APIRequestContext, provinceName: string, cityName: string) {
  const provinces = await dataOf<{ provinceCode: string; name: string }[]>(await api.get('/api/addresses/covered-provinces'));
  const provinceCode = provinces.find((p) => p.name === provinceName)!.provinceCode;
  const cities = await dataOf<{ code: string; name: string }[]>(await api.get(`/api/addresses/covered-cities-municipalities/${provinceCode}`));
  const cityCode = cities.find((c) => c.name === cityName)!.code;
  const barangays = await dataOf<{ code: string }[]>(await api.get(`/api/addresses/barangays/${cityCode}`));
  return { provinceCode, cityCode, barangayCode: barangays[0]!.code };
}

/**
 * Books a Next Day Small Box (Makati → Cebu City, paid by the recipient in cash) as whoever `api` is signed
 * in as, the way the booking page does: price it, then book with the total seen. For tests of other pages.
 */
export async function bookShipment(api: APIRequestContext, receiverName = 'Ben Reyes'): Promise<{ id: string; trackingNumber: string }> {
  const sender = await placeOf(api, 'Metro Manila', 'Makati City');
  const receiver = await placeOf(api, 'Cebu', 'Cebu City');
  const packages = [{ boxName: 'Small Box', quantity: 1, weightInGrams: 1500 }];
  const quote = await dataOf<{ totalInCents: number }>(
    await api.post('/api/shipments/calculations', {
      data: { deliveryType: 'next_day', packages, declaredInsuranceValue: 0, receiverProvinceCode: receiver.provinceCode },
    }),
  );
  const response = await api.post('/api/shipments/customer', {
    data: {
      deliveryType: 'next_day',
      sender: { name: 'Ana Cruz', mobileNumber: '09171234567', streetName: '12 Sampaguita St', ...sender },
      receiver: { name: receiverName, mobileNumber: '09181234567', streetName: '5 Colon St', ...receiver },
      packages: packages.map((p) => ({ ...p, itemCategory: 'Books' })),
      declaredInsuranceValue: 0,
      paidBy: 'recipient',
      expectedTotalInCents: quote.totalInCents,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: string; trackingNumber: string } }).data;
}

/**
 * The demo business admin's business: the seeded Villanueva Trading, or (on a database the specs started without
 * it) one staff register for her now, as the API keys spec does.
 */
export async function ensureDemoBusiness(staff: APIRequestContext, admin: APIRequestContext): Promise<void> {
  const me = await dataOf<{ id: string; businessId?: string | null }>(await admin.get('/api/users/me'));
  if (me.businessId) return;
  const businesses = await dataOf<{ id: string; owner: { id: string } | null }[]>(await staff.get('/api/businesses?limit=100'));
  if (businesses.some((b) => b.owner?.id === me.id)) return;
  await dataOf(await staff.post('/api/businesses', { data: { name: 'Villanueva Trading', ownerId: me.id } }));
}
