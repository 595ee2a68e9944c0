import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';

// Issue 13 item 17: / (signed out) and /track paint their largest text with the HTML, before any script
// (apps/web/build-plugins/landing-pages.ts). When React takes over, its copy must be the same text in the
// same place: a different size would paint a new, later Largest Contentful Paint, and a different place
// would be a layout shift. This compares the HTML alone (scripts off) with the running app.
//
// A signed-out visitor's / and /track are static pages that work on their own; the app starts on the first
// interaction (src/main.tsx) and takes over with what was typed or chosen (src/app/landing/hand-over.ts).

interface Box {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  return { text: (await locator.innerText()).trim(), x: box.x, y: box.y, width: box.width, height: box.height };
}

const LANDINGS: { path: string; parts: (page: Page) => Locator[]; appReady: (page: Page) => Locator }[] = [
  {
    path: '/',
    parts: (page) => [page.locator('#welcome-title'), page.locator('#welcome-title + p')],
    appReady: (page) => page.getByTestId('pickup-date').getByText('Pickup on'),
  },
  {
    path: '/track',
    parts: (page) => [page.getByRole('heading', { name: 'Track a shipment' }), page.getByText('Enter the tracking number on the waybill')],
    appReady: (page) => page.getByRole('button', { name: /track/i }),
  },
];

async function boxes(browser: Browser, path: string, width: number, scripts: boolean, landing: (typeof LANDINGS)[number]) {
  const context = await browser.newContext({ javaScriptEnabled: scripts, viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(path);
  if (scripts) {
    // The first sign of a person (the mouse moving) starts the app on the static page.
    await page.mouse.move(5, 5);
    await expect(page.locator('#root')).not.toHaveAttribute('data-landing');
    await expect(landing.appReady(page).first()).toBeVisible();
  }
  const found = await Promise.all(landing.parts(page).map(boxOf));
  await context.close();
  return found;
}

for (const landing of LANDINGS) {
  for (const width of [360, 1280]) {
    test(`${landing.path} at ${width} px: the HTML's first screen is the app's, same text in the same place`, async ({ browser }) => {
      const html = await boxes(browser, landing.path, width, false, landing);
      const app = await boxes(browser, landing.path, width, true, landing);
      expect(html.map((b) => b.text)).toEqual(app.map((b) => b.text));
      html.forEach((box, i) => {
        const other = app[i]!;
        for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(box[key] - other[key]), `${box.text} ${key}`).toBeLessThanOrEqual(1);
      });
    });
  }
}

test('a signed-in visitor does not see the signed-out greeting in the HTML of /', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies([{ name: 'hatid_session', value: 'not-a-real-session', url: test.info().project.use.baseURL! }]);
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('#main')).toBeEmpty();
  await context.close();
});

/** Holds the app's chunk (vite.config.ts: "app", src/app/boot.tsx and what it needs first) back until `release()`: what a person does meanwhile happens on the static page. */
async function holdTheApp(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const appStarted = (page: Page) => expect(page.locator('#root')).not.toHaveAttribute('data-landing');
const isStatic = (page: Page) => expect(page.locator('#root')).toHaveAttribute('data-landing', 'static');

test('/track signed out: the app waits for the first interaction, and a number typed before it starts is kept, caret and all', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/track');
  await isStatic(page);
  // Only the app draws the footer: none while nobody has touched the page. The title is the page's already.
  await expect(page.locator('footer')).toHaveCount(0);
  await expect(page).toHaveTitle('Track a parcel · Hatid');
  const input = page.getByLabel('Tracking number');
  await input.click();
  await input.pressSequentially('nd1234 5678');
  await input.press('ArrowLeft');
  await input.press('ArrowLeft');
  await isStatic(page);
  release();
  await appStarted(page);
  await expect(page.locator('footer')).toBeVisible();
  const appInput = page.getByLabel('Tracking number');
  await expect(appInput).toHaveValue('nd1234 5678');
  await expect(appInput).toBeFocused();
  expect(await appInput.evaluate((el: HTMLInputElement) => el.selectionStart)).toBe(9);
  // Typing goes on where the caret was, and the app's form (not a page load) checks the number.
  await page.keyboard.press('End');
  await page.keyboard.type('x');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('typo');
  await expect(page).toHaveURL(/\/track$/);
});

test('/track without scripts: the form is a plain GET form, and the app answers the address it leads to', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/track');
  await page.getByLabel('Tracking number').fill('ND12345678X PH');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page).toHaveURL(/\/track\?trackingNumber=ND12345678X\+PH$/);
  await context.close();
  // With scripts, that address starts the app at once (no interaction needed) and shows its answer.
  const withScripts = await browser.newPage();
  await withScripts.goto('/track?trackingNumber=ND12345678X%20PH');
  await expect(withScripts.getByRole('alert')).toContainText('typo');
  await withScripts.close();
});

test('/ signed out: a choice made before the app starts is kept, and the rest of the form comes with the app', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/');
  await isStatic(page);
  await page.getByText('Drop off', { exact: true }).click();
  await expect(page.getByRole('radio', { name: /Drop off/ })).toBeChecked();
  release();
  await appStarted(page);
  await expect(page.getByRole('radio', { name: /Drop off/ })).toBeChecked();
  // The app's own state follows the radio: Drop Off asks for the sender's province to list the hubs.
  await expect(page.getByTestId('drop-off-hubs-waiting')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Packages' })).toBeVisible();
});

test('a link pressed before the app starts does what it says', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/');
  await isStatic(page);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page.getByRole('heading', { name: /sign in/i }).first()).toBeVisible();
});

test('a signed-in visitor of /track gets the app at once, not the static page', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'hatid_session', value: 'not-a-real-session', url: test.info().project.use.baseURL! }]);
  const page = await context.newPage();
  await page.goto('/track');
  await expect(page.locator('#root')).not.toHaveAttribute('data-landing');
  await expect(page.locator('footer')).toBeVisible();
  await context.close();
});
