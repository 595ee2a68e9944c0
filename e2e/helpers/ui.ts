import { expect, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { inEnglish, startingWith, type Say } from './filipino';

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

/**
 * Opens the combobox labelled `label` (inside `within`, e.g. the Sender group, when a page has several),
 * types `search` and picks the option named `option`, or the first match when it is omitted. Returns the
 * name picked, once the combobox shows it.
 */
export async function chooseFromCombobox(
  page: Page,
  label: string,
  search: string,
  { option, within = page, say = inEnglish }: { option?: string; within?: Page | Locator; say?: Say } = {},
): Promise<string> {
  const trigger = within.getByRole('combobox', { name: label, exact: true });
  await expect(trigger).toBeEnabled();
  await trigger.click();
  // Every picker's search box starts with the word (Search…, Search barangay…).
  await page.getByPlaceholder(startingWith(say('Search'))).fill(search);
  // The open picker's list: the page has other options too (the header's language <select>).
  const list = page.getByRole('listbox');
  const choice = option ? list.getByRole('option', { name: option, exact: true }) : list.getByRole('option').first();
  const name = (await choice.innerText()).trim();
  await choice.click();
  await expect(trigger).toContainText(name);
  return name;
}

/**
 * A signed-out visit to / or /track is a static page until the person does something there (apps/web/src/main.tsx):
 * move the mouse, as a person at the page would, and wait until the app has taken over.
 */
export async function startTheApp(page: Page) {
  await page.mouse.move(1, 1);
  await expect(page.locator('#root')).not.toHaveAttribute('data-landing');
}
