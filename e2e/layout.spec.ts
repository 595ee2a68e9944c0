import { expect, test, type Page } from '@playwright/test';
import { loginWithEmail, signUpCustomerByApi } from './helpers/accounts';

/**
 * Layout facts at a phone's 360 px and a laptop's 1280 px (issue 29, item 17), measured rather than
 * eyeballed: nothing scrolls sideways, the console is as tall as its content with the sidebar to the
 * bottom, the customer header keeps one line with a long name, cut tab rows show a cue, icons stay square.
 * People sign in through the API and pages are opened directly, to keep the spec quick.
 */

const WIDTHS = [360, 1280] as const;

async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  // Two frames: the resize is laid out and observers (tabs' cue, wide-screen hooks) have answered.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Opens `path` and waits for its heading and its data. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main').locator('h1, h2').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main [role="status"]', { hasText: /^Loading/ })).toHaveCount(0);
}

async function signInAs(page: Page, email: string) {
  await page.context().clearCookies();
  await loginWithEmail(page.request, email);
}

/** Sideways overflow of the document and the shown lucide icons whose box is not square. */
async function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const squashed = [...document.querySelectorAll<SVGElement>('svg.lucide')]
      .map((icon) => ({ icon, box: icon.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && Math.abs(box.width - box.height) > 0.5)
      .map(({ icon, box }) => `${icon.getAttribute('class')} ${box.width.toFixed(1)}×${box.height.toFixed(1)}`);
    return { sideways: root.scrollWidth - root.clientWidth, squashed };
  });
}

/** Each role's main pages (a few per role keep the spec quick; the others share their shells and tables). */
const MAIN_PAGES: Record<string, readonly string[]> = {
  'staff@hatid.test': ['/dashboard', '/shipments', '/users', '/billings'],
  'admin@hatid.test': ['/reports', '/activity-logs'],
  'business-admin@hatid.test': ['/api-keys'],
  'consolidator@hatid.test': ['/consolidations'],
  'rider@hatid.test': ['/rider'],
};

test('main pages of every role: nothing scrolls sideways and no icon is squashed, at 360 and 1280 px', async ({ page }) => {
  const problems: string[] = [];
  const check = async (label: string) => {
    for (const width of WIDTHS) {
      await atWidth(page, width);
      const { sideways, squashed } = await layoutProblems(page);
      if (sideways > 0) problems.push(`${label} at ${width} px scrolls sideways by ${sideways} px`);
      for (const icon of squashed) problems.push(`${label} at ${width} px: squashed icon ${icon}`);
    }
  };

  await page.context().clearCookies();
  for (const path of ['/login', '/track']) {
    await open(page, path);
    await check(`signed out ${path}`);
  }
  await signUpCustomerByApi(page.request, 'Maria Concepcion', 'Villanueva-Dela Cruz');
  for (const path of ['/', '/packages', '/wallet', '/settings/addresses']) {
    await open(page, path);
    await check(`customer ${path}`);
  }
  for (const [email, paths] of Object.entries(MAIN_PAGES)) {
    await signInAs(page, email);
    for (const path of paths) {
      await open(page, path);
      await check(`${email} ${path}`);
    }
  }
  expect(problems).toEqual([]);
});

test('"Continue with mobile number": the phone icon keeps its shape at 360 px', async ({ page }) => {
  await page.context().clearCookies();
  await atWidth(page, 360);
  await open(page, '/login');
  const icon = page.getByRole('link', { name: 'Continue with mobile number' }).locator('svg');
  const box = (await icon.boundingBox())!;
  expect(box.width).toBeCloseTo(box.height, 0);
  expect(box.width).toBeCloseTo(20, 0);
});

test('the console is as tall as its content, and its sidebar reaches the bottom of short and long pages', async ({ page }) => {
  await signInAs(page, 'staff@hatid.test');
  const measure = () =>
    page.evaluate(() => {
      const shell = document.querySelector('#main')!.closest('.min-h-screen')!;
      const aside = document.querySelector('aside');
      return {
        documentHeight: document.documentElement.scrollHeight,
        contentHeight: Math.max(window.innerHeight, shell.getBoundingClientRect().bottom + window.scrollY),
        sidebarBottom: aside ? aside.getBoundingClientRect().bottom + window.scrollY : null,
      };
    });
  // The dashboard (its charts once hung ~450 px of blank page below), and the long pricing page.
  for (const path of ['/dashboard', '/pricing']) {
    await open(page, path);
    for (const width of WIDTHS) {
      await atWidth(page, width);
      const { documentHeight, contentHeight, sidebarBottom } = await measure();
      expect(documentHeight, `${path} at ${width} px: blank scroll under the content`).toBeLessThanOrEqual(contentHeight + 1);
      if (width === 1280) {
        expect(documentHeight, `${path}: a long page`).toBeGreaterThan(path === '/pricing' ? 800 : 0);
        expect(sidebarBottom, `${path}: the sidebar's background stops above the page's bottom`).toBeGreaterThanOrEqual(documentHeight - 1);
      }
    }
  }
});

test('customer header: one line with a long name at 1280 px, the whole name in the menu at 360 px', async ({ page }) => {
  const name = 'Maria Concepcion Villanueva-Dela Cruz';
  await page.context().clearCookies();
  await signUpCustomerByApi(page.request, 'Maria Concepcion', 'Villanueva-Dela Cruz');
  await atWidth(page, 1280);
  await open(page, '/packages');
  const header = page.getByRole('banner');
  await expect(header.getByTestId('header-user-name')).toHaveText(name);
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // Every item of the row: one text line each, centred on the same line, nothing drawn beyond its box.
  const items = () =>
    header.evaluate((banner) => {
      const row = [...banner.querySelectorAll<HTMLElement>('a, button, [data-testid="header-user-name"]')].filter((el) => el.getClientRects().length > 0);
      return row.map((el) => {
        const box = el.getBoundingClientRect();
        const text = document.createRange();
        text.selectNodeContents(el);
        const lineTops = [...text.getClientRects()].filter((r) => r.width > 0 && r.height > 0 && r.height < 30).map((r) => r.top);
        return {
          label: el.textContent?.trim() || el.getAttribute('aria-label') || el.tagName,
          middle: box.top + box.height / 2,
          lines: lineTops.length ? Math.max(...lineTops) - Math.min(...lineTops) : 0,
          cut: el.scrollWidth - el.clientWidth,
          nameCut: [...el.querySelectorAll<HTMLElement>('.truncate')].some((t) => t.scrollWidth > t.clientWidth),
        };
      });
    });
  const row = await items();
  expect(row.map((item) => item.label)).toEqual(expect.arrayContaining(['Hatid', 'Home', 'Help', name, 'Sign out']));
  const middle = row[0]!.middle;
  for (const item of row) {
    expect(Math.abs(item.middle - middle), `${item.label} is off the header's line`).toBeLessThanOrEqual(4);
    expect(item.lines, `${item.label} wraps onto a second line`).toBeLessThan(8);
    expect(item.cut, `${item.label} is squeezed`).toBeLessThanOrEqual(0);
    expect(item.nameCut, `${item.label} is cut`).toBe(false);
  }

  // A phone: menu, brand and bell on one line; the whole name in the menu.
  await atWidth(page, 360);
  const phoneRow = await items();
  expect(phoneRow.map((item) => item.label)).toEqual(expect.arrayContaining(['Open menu', 'Hatid']));
  for (const item of phoneRow) expect(Math.abs(item.middle - phoneRow[0]!.middle), `${item.label} is off the header's line`).toBeLessThanOrEqual(4);
  await header.getByRole('button', { name: 'Open menu' }).click();
  const inMenu = page.getByRole('dialog', { name: 'Menu' }).getByTestId('menu-user-name');
  await expect(inMenu).toHaveText(name);
  expect(await inMenu.evaluate((el) => ({ w: el.scrollWidth - el.clientWidth }))).toEqual({ w: 0 });
});

test('shipment tabs: the cut row scrolls with a cue on its cut edge, the chosen tab in view', async ({ page }) => {
  await signInAs(page, 'staff@hatid.test');
  await atWidth(page, 360);
  await open(page, '/shipments?tab=Delivered');
  const tablist = page.getByRole('tablist', { name: 'Shipments by status' });
  const scroller = tablist.locator('..');
  const cues = scroller.locator('..');
  const chosen = tablist.getByRole('tab', { selected: true });
  await expect(chosen).toContainText('Delivered');

  const geometry = () =>
    scroller.evaluate((el) => {
      const tab = el.querySelector('[role="tab"][aria-selected="true"]')!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return { scrollable: el.scrollWidth > el.clientWidth, left: el.scrollLeft, tabInView: tab.left >= box.left - 1 && tab.right <= box.right + 1 };
    });
  const start = await geometry();
  expect(start.scrollable).toBe(true);
  expect(start.tabInView, 'the chosen tab is scrolled into view').toBe(true);
  // Delivered sits near the end: the cut start has its cue.
  await expect(cues.locator('[data-scroll-cue="start"]')).toBeVisible();

  // From the first tab, the cue is on the end, and it scrolls on.
  await tablist.getByRole('tab', { name: /^All/ }).click();
  await expect(page).not.toHaveURL(/tab=/);
  await expect(cues.locator('[data-scroll-cue="start"]')).toHaveCount(0);
  const endCue = cues.locator('[data-scroll-cue="end"]');
  await expect(endCue).toBeVisible();
  await expect(scroller).toHaveCSS('mask-image', /linear-gradient/);
  const before = (await geometry()).left;
  await endCue.click();
  await expect.poll(async () => (await geometry()).left).toBeGreaterThan(before);

  // At 1280 px the row still does not fit beside the sidebar: the same cue.
  await atWidth(page, 1280);
  await expect(endCue.or(cues.locator('[data-scroll-cue="start"]')).first()).toBeVisible();
});

test('a table wider than a phone shows a shadow on each cut edge', async ({ page }) => {
  await signInAs(page, 'staff@hatid.test');
  await atWidth(page, 360);
  await open(page, '/users');
  const scroller = page.getByRole('table', { name: 'Users' }).locator('..');
  const cue = (side: 'start' | 'end') => scroller.locator('..').locator(`[data-scroll-cue="${side}"]`);
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect(cue('end')).toBeVisible();
  await expect(cue('start')).toHaveCount(0);
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(cue('start')).toBeVisible();
  await expect(cue('end')).toHaveCount(0);
});
