import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { bookShipment, loginWithEmail } from './helpers/accounts';
import { messagesTo, waitForOtp } from './helpers/sms';
import { randomMobileNumber } from './helpers/ui';

// Issue 13 item 16: axe over every customer-facing page, on a phone (360 px) and a laptop (1280 px).
// No serious or critical violation may remain. Every page of a run is checked before failing, so one run
// lists them all. The pages come from apps/web/src/app/routes/*.ts (everything but the console).

const WIDTHS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;

interface Finding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The page as a person sees it once it has settled: no spinner, fonts and lazy chunks in. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('main h1, main h2, h1').first()).toBeVisible();
}

async function scan(page: Page, name: string, findings: Finding[]) {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  for (const violation of violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    findings.push({
      page: name,
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    });
  }
}

async function visit(page: Page, url: string, findings: Finding[], label = url) {
  await page.goto(url);
  await scan(page, label, findings);
}

function report(findings: Finding[]): string {
  return findings.map((f) => `${f.page}: [${f.impact}] ${f.rule}: ${f.help}\n    ${f.targets.join('\n    ')}`).join('\n');
}

async function inContext(browser: Browser, baseURL: string | undefined, size: (typeof WIDTHS)[number], run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, baseURL });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px (${size.name})`, () => {
    test('signed-out pages and every sign-up step have no serious or critical accessibility violation', async ({ browser, baseURL }) => {
      test.setTimeout(420_000);
      const findings: Finding[] = [];
      await inContext(browser, baseURL, size, async (page) => {
        for (const url of ['/', '/track', '/rates', '/prohibited-items', '/terms-and-conditions', '/login', '/register', '/login/mobile-number']) {
          await visit(page, url, findings);
        }
        await signUpScanning(page, findings);
      });
      expect(findings, `serious or critical violations at ${size.width} px:\n${report(findings)}`).toEqual([]);
    });

    test("a customer's pages have no serious or critical accessibility violation", async ({ browser, baseURL }) => {
      test.setTimeout(420_000);
      const findings: Finding[] = [];
      await inContext(browser, baseURL, size, async (page) => {
        // The demo customer, with a shipment of their own.
        await loginWithEmail(page.request, 'customer@hatid.test');
        const { trackingNumber } = await bookShipment(page.request, 'Ana Reyes');
        for (const url of [
          '/',
          '/add-own-box',
          '/packages',
          `/packages/${trackingNumber}`,
          `/track?trackingNumber=${trackingNumber}`,
          '/air-waybill',
          '/talk-to-us',
          '/notifications',
          '/profile',
          '/referrals',
          '/settings',
          '/settings/addresses',
          '/settings/addresses/add',
          '/order-summary',
          `/order-summary?booked=${trackingNumber}`,
        ]) {
          await visit(page, url, findings);
        }
        // The summary of a draft with a box in it (the draft lives in the tab).
        await page.goto('/');
        await settle(page);
        await page.getByRole('button', { name: 'Add Small Box' }).click();
        await page.goto('/order-summary');
        await scan(page, '/order-summary (with a draft)', findings);
      });
      expect(findings, `serious or critical violations at ${size.width} px:\n${report(findings)}`).toEqual([]);
    });
  });
}

/** The sign-up steps after the mobile number (as helpers/accounts.ts completeSignUp), each scanned as it shows. */
async function signUpScanning(page: Page, findings: Finding[]) {
  const mobile = randomMobileNumber();
  const seen = messagesTo(mobile.e164).length;
  await page.getByLabel('Mobile number').fill(mobile.local);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/login\/verify-otp$/);
  await scan(page, '/login/verify-otp', findings);
  await page.getByLabel('One-time code').fill(await waitForOtp(mobile.e164, { seen }));
  await expect(page).toHaveURL(/\/login\/enter-name$/);
  await scan(page, '/login/enter-name', findings);
  await page.getByLabel('First name').fill('Liza');
  await page.getByLabel('Last name').fill('Soriano');
  await page.getByRole('radio', { name: /Business/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/complete-registration$/);
  await scan(page, '/complete-registration', findings);
  await page.goBack();
  await expect(page).toHaveURL(/\/login\/enter-name$/);
  await page.getByRole('radio', { name: /Individual/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login\/individual$/);
  await scan(page, '/login/individual', findings);
}
