import { expect, test } from '@playwright/test';
import { bookShipment, signedInApi } from './helpers/accounts';
import { messagesTo } from './helpers/sms';

const RECEIVER = '+639181234567';

/**
 * Recipient texts (issue 33): a booking texts its receiver one message with a short link; the link opens the
 * public tracking page for that parcel, where the receiver stops further texts with the last 4 digits of their
 * number (a wrong guess is refused and stops nothing).
 */
test('the receiver is texted a short tracking link, opens it and stops the texts from the tracking page', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const customer = await signedInApi(baseURL!, 'customer@hatid.test');
  const { trackingNumber } = await bookShipment(customer, 'Rosa Receiver');
  await customer.dispose();

  await expect
    .poll(() => messagesTo(RECEIVER).filter((m) => m.text.includes(trackingNumber)).length, { message: 'the booking text reaches the receiver' })
    .toBe(1);
  const text = messagesTo(RECEIVER).find((m) => m.text.includes(trackingNumber))!.text;
  expect(text.length).toBeLessThanOrEqual(160);
  const link = new URL(/https?:\/\/\S+/.exec(text)![0]);
  expect(link.pathname).toBe(`/t/${trackingNumber}`);

  await page.context().clearCookies();
  await page.goto(link.pathname);
  await expect(page).toHaveURL(new RegExp(`/track\\?trackingNumber=${trackingNumber}`));
  await expect(page.getByText(trackingNumber).first()).toBeVisible();

  await page.getByRole('button', { name: 'Stop texts about this parcel' }).click();
  const form = page.getByRole('form', { name: 'Stop texts about this parcel' });
  await form.getByLabel('Last 4 digits of your mobile number').fill('0000');
  await form.getByRole('button', { name: 'Stop texts' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await form.getByLabel('Last 4 digits of your mobile number').fill('4567');
  await form.getByRole('button', { name: 'Stop texts' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We will not text you about this parcel any more.' })).toBeVisible();
});
