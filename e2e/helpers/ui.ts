import { expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

export const SCREENSHOT_DIR = path.join(import.meta.dirname, '..', 'screenshots');

/** A fresh mobile number each run: "09" and nine random digits (the server's database is new, too). */
export function randomMobileNumber(): { local: string; e164: string } {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10)).join('');
  return { local: `09${digits}`, e164: `+639${digits}` };
}

/** Screenshots of the current page at phone (360 px) and desktop (1280 px) widths, named after `name`. */
export async function screenshotWidths(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // Nothing may stick out sideways at either width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Opens a combobox, types to search and picks the option with exactly that name. */
export async function chooseFromCombobox(page: Page, label: string, search: string, option = search): Promise<void> {
  const trigger = page.getByRole('combobox', { name: label, exact: true });
  await expect(trigger).toBeEnabled();
  await trigger.click();
  const searchBox = page.getByPlaceholder(/^Search/);
  await searchBox.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(trigger).toContainText(option);
}
