import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';

// Issue 13 item 17: / (signed out) and /track paint their largest text with the HTML, before any script
// (apps/web/build-plugins/landing-pages.ts). When React takes over, its copy must be the same text in the
// same place: a different size would paint a new, later Largest Contentful Paint, and a different place
// would be a layout shift. This compares the HTML alone (scripts off) with the running app.

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
    appReady: (page) => page.getByRole('heading', { name: 'Book a shipment' }),
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
  if (scripts) await expect(landing.appReady(page).first()).toBeVisible();
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
