import { expect, test, type APIRequestContext } from '@playwright/test';
import fs from 'node:fs';
import { bookShipment, signedInApi, signUpCustomer } from './helpers/accounts';
import { screenshotWidths } from './helpers/ui';

const TYPO_MESSAGE = 'Check the tracking number: it has a typo';

async function move(staff: APIRequestContext, trackingNumber: string, activity: string): Promise<void> {
  const response = await staff.post(`/api/shipments/${trackingNumber}/deliveryStatus`, { data: { activity, location: 'Makati hub' } });
  expect(response.ok(), `${activity}: ${await response.text()}`).toBeTruthy();
}

test('a customer follows, downloads, cancels and tracks shipments', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signUpCustomer(page, 'Lorna');

  // Nothing booked yet: the empty state points to booking.
  await page.getByRole('banner').getByRole('link', { name: 'Packages' }).click();
  await expect(page).toHaveURL(/\/packages$/);
  await expect(page.getByText('No data available')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Book a shipment' }).last()).toBeVisible();

  const first = await bookShipment(page.request, 'Ben Reyes');
  const second = await bookShipment(page.request, 'Carla Lim');
  const staff = await signedInApi(baseURL!);

  // Both appear, newest first, with receiver city, status, date and total.
  await page.reload();
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText(second.trackingNumber);
  await expect(table.getByRole('row').nth(2)).toContainText(first.trackingNumber);
  await expect(table.getByRole('row').nth(2)).toContainText('Cebu City');
  await expect(table.getByRole('row').nth(2)).toContainText('Order placed');
  await expect(table.getByRole('row').nth(2)).toContainText('₱');
  await screenshotWidths(page, 'packages');

  // The list follows a status change pushed by the server, without a reload.
  await move(staff, first.trackingNumber, 'On the way for pickup');
  await expect(table.getByRole('row', { name: new RegExp(first.trackingNumber) })).toContainText('For pickup');

  // Search by receiver, then a status with no shipments.
  await page.getByLabel('Search', { exact: true }).fill('Carla');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(second.trackingNumber);
  await expect(page).toHaveURL(/search=Carla/);
  await page.getByLabel('Search', { exact: true }).fill('');
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByLabel('Status', { exact: true }).selectOption('Cancelled');
  await expect(page.getByText('No data available')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);

  // The detail page: headline, timeline, parties, packages, payment.
  await table.getByRole('link', { name: first.trackingNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/packages/${first.trackingNumber}$`));
  const summary = page.getByRole('region', { name: `Shipment ${first.trackingNumber}` });
  await expect(page.getByTestId('timeline-headline')).toHaveText('Courier is on the way for pick up');
  await expect(summary).toContainText('For pickup');
  const history = page.getByRole('list', { name: 'Status timeline' });
  await expect(history.getByRole('listitem').first()).toContainText('On the way for pickup');
  await expect(history.getByRole('listitem').first()).toContainText('Makati hub');
  await expect(history.getByRole('listitem').last()).toContainText('Order placed');
  await expect(page.getByRole('region', { name: 'Sender and receiver' })).toContainText('Ben Reyes');
  await expect(page.getByRole('region', { name: 'Packages' })).toContainText('1 x Small Box');
  await expect(page.getByRole('region', { name: 'Price and payment' })).toContainText('Cash upon delivery');
  await expect(page.getByRole('button', { name: 'Cancel shipment' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Need help?' })).toHaveAttribute('href', `/talk-to-us?trackingNumber=${first.trackingNumber}`);

  // Copy the tracking number: "Copied" for 2 seconds.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy tracking number' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first.trackingNumber);
  await expect(page.getByRole('button', { name: 'Copy tracking number' })).toBeVisible({ timeout: 4000 });
  await screenshotWidths(page, 'package-detail');

  // Staff pick it up: the page follows without a reload, and cancelling is no longer offered.
  await move(staff, first.trackingNumber, 'Package picked up');
  await expect(page.getByTestId('timeline-headline')).toHaveText('Shipment is on the way');
  await expect(history.getByRole('listitem').first()).toContainText('Package picked up');
  await expect(page.getByRole('button', { name: 'Cancel shipment' })).toHaveCount(0);

  // The waybill downloads as a PDF named by the server.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download waybill (PDF)' }).click()]);
  expect(download.suggestedFilename()).toBe(`waybill-${first.trackingNumber}.pdf`);
  expect(
    fs
      .readFileSync((await download.path())!)
      .subarray(0, 4)
      .toString(),
  ).toBe('%PDF');

  for (const activity of [
    'At origin hub',
    'Loaded for shipping',
    'In-transit',
    'Arrived at destination port',
    'Arrived at destination hub',
    'Out for delivery',
    'Delivered',
  ]) {
    await move(staff, first.trackingNumber, activity);
  }
  await expect(summary).toContainText('Delivered');
  // All the way to Delivered: the review form appears; a review is sent and stays after a reload.
  const reviewForm = page.getByRole('form', { name: 'Rate this delivery' });
  await expect(reviewForm).toBeVisible();
  await reviewForm.getByRole('button', { name: 'Submit review' }).click();
  await expect(reviewForm.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  // The radios are hidden behind their star pictures: click the fifth star, as a person would.
  const fiveStars = reviewForm.getByRole('radio', { name: '5 stars' });
  // (`has` is matched inside each label, so it must not start from the form again.)
  await reviewForm
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '5 stars' }) })
    .click();
  await expect(fiveStars).toBeChecked();
  await reviewForm.getByLabel(/Comment/).fill('Arrived quickly and in one piece');
  await reviewForm.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Thank you for your review.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('img', { name: '5 stars out of 5' })).toBeVisible();
  await expect(page.getByText('Arrived quickly and in one piece')).toBeVisible();

  // Cancel the other shipment with "Other" and a reason.
  await page.goto(`/packages/${second.trackingNumber}`);
  await page.getByRole('button', { name: 'Cancel shipment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this shipment?' });
  await dialog.getByRole('radio', { name: 'Other (please specify)' }).check();
  await dialog.getByRole('button', { name: 'Cancel shipment' }).click();
  await expect(dialog.getByText('Please tell us why you are cancelling')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Please specify' }).fill('Sending it with a friend');
  await dialog.getByRole('button', { name: 'Cancel shipment' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Shipment cancelled', { exact: true })).toBeVisible();
  await expect(page.getByTestId('timeline-headline')).toHaveText('Shipment order cancelled');
  await expect(page.getByRole('note')).toHaveText('Cancelled: Sending it with a friend');
  await expect(page.getByRole('button', { name: 'Cancel shipment' })).toHaveCount(0);

  // Someone else's (or no) shipment: a friendly not-found.
  await page.goto('/packages/ND123456785PH');
  await expect(page.getByRole('heading', { name: 'Shipment not found' })).toBeVisible();

  // Air waybills: the picker lists shipments still on their way (not the cancelled one).
  const third = await bookShipment(page.request, 'Dante Uy');
  await page.goto('/air-waybill');
  await expect(page.getByRole('heading', { name: 'Air waybills' })).toBeVisible();
  const picker = page.getByRole('group', { name: 'My shipments' });
  await expect(picker).toContainText(first.trackingNumber);
  await expect(picker).toContainText(third.trackingNumber);
  await expect(picker).not.toContainText(second.trackingNumber);
  await screenshotWidths(page, 'air-waybill');

  // "(Select All)" and one PDF for both, named by the server.
  await page.getByLabel('(Select All)').check();
  await expect(page.getByText('2 selected')).toBeVisible();
  const [both] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(both.suggestedFilename()).toBe('waybills-2-items.pdf');

  // Pasted numbers: a typo is named before anything is sent, and a number that is not mine after.
  await page.getByText('Paste tracking numbers').click();
  await page.getByRole('textbox', { name: 'Tracking numbers' }).fill(`${first.trackingNumber}\nND123456784PH`);
  await page.getByRole('button', { name: 'Download PDF' }).click();
  await expect(page.getByRole('alert')).toContainText(`ND123456784PH: ${TYPO_MESSAGE}`);
  await page.getByRole('textbox', { name: 'Tracking numbers' }).fill(`${first.trackingNumber}, ND123456785PH`);
  await page.getByRole('button', { name: 'Download PDF' }).click();
  await expect(page.getByRole('alert')).toContainText('ND123456785PH: Not found among your shipments');

  // An image holds one label: shown on the page, ready to save.
  await page.getByText('Pick from my shipments').click();
  await page.getByLabel('Image, PNG (one label)').check();
  await page.getByRole('button', { name: 'Download image' }).click();
  await expect(page.getByRole('alert')).toContainText('An image holds one label');
  await page.getByLabel('(Select All)').uncheck();
  await page
    .getByRole('group', { name: 'My shipments' })
    .getByRole('checkbox', { name: new RegExp(first.trackingNumber) })
    .check();
  await page.getByRole('button', { name: 'Download image' }).click();
  await expect(page.getByRole('img', { name: `Air waybill waybill-${first.trackingNumber}.png` })).toBeVisible();

  // Signed out, anyone can track by number; a typo is caught before any request.
  await page.goto('/packages');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Track', exact: true }).click();
  await expect(page).toHaveURL(/\/track$/);
  const trackCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/shipments/track/')) trackCalls.push(r.url());
  });
  await page.getByLabel('Tracking number').fill('ND123456784PH');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByText(TYPO_MESSAGE)).toBeVisible();
  expect(trackCalls).toHaveLength(0);
  await page.getByLabel('Tracking number').fill(first.trackingNumber.toLowerCase());
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page).toHaveURL(new RegExp(`trackingNumber=${first.trackingNumber}`));
  const result = page.getByRole('region', { name: first.trackingNumber });
  await expect(result).toContainText('Makati City, Metro Manila');
  await expect(result).toContainText('Cebu City, Cebu');
  await expect(result.getByRole('list', { name: 'Tracking history' }).getByRole('listitem').first()).toContainText('Delivered');
  // Public tracking shows statuses, times and cities only: no names or where the staff were.
  await expect(result).not.toContainText('Ben Reyes');
  await expect(result).not.toContainText('Makati hub');
  await screenshotWidths(page, 'track');

  // The link is shareable: opening it shows the same answer.
  await page.goto(`/track?trackingNumber=${second.trackingNumber}`);
  await expect(page.getByTestId('timeline-headline')).toHaveText('Shipment order cancelled');
  await staff.dispose();
});
