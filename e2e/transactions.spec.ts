import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { bookShipment, loginWithEmail, signedInApi } from './helpers/accounts';
import { screenshotWidths } from './helpers/ui';

/** A 1×1 PNG: a receipt as far as the upload's byte check is concerned. */
const RECEIPT_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * The transactions desk: staff find a shipment nobody has paid for, record a GCash payment in pesos, find
 * it among the payments by its tracking number and its reference, edit its remarks, details and proof,
 * void it with a reason, and export the list; a rider is refused the screen.
 */
test('staff record a payment on /transactions, edit it, void it and export the list', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  // Names take letters only: a run's own surname, from the clock.
  const stamp = [...Date.now().toString(26).slice(-6)].map((d) => String.fromCharCode(97 + parseInt(d, 26))).join('');
  const reference = `GC-${stamp.toUpperCase()}`;
  const customer = await signedInApi(baseURL!, 'customer@hatid.test');
  const booked = await bookShipment(customer, `Paula Desk ${stamp}`);
  await customer.dispose();

  await loginWithEmail(page.request, 'staff@hatid.test');
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(page.getByText('Payments received for shipments.')).toBeVisible();

  // The shipment waits on the other tab.
  await page.getByRole('tab', { name: /Show shipments without transactions/ }).click();
  await expect(page).toHaveURL(/tab=no_transactions/);
  const search = page.getByRole('search', { name: 'Search transactions' }).getByRole('searchbox');
  await search.fill(booked.trackingNumber);
  await expect(page).toHaveURL(new RegExp(`search=${booked.trackingNumber}`));
  const unpaid = page.getByRole('row').filter({ hasText: booked.trackingNumber });
  await expect(unpaid).toContainText(`Paula Desk ${stamp}`);
  await expect(unpaid).toContainText('Pending');
  await screenshotWidths(page, 'console-transactions-unpaid');

  // Add payment: the balance is offered; ₱100 by GCash is recorded.
  await page.getByRole('button', { name: `Add payment for ${booked.trackingNumber}` }).click();
  const add = page.getByRole('dialog', { name: `Add payment for ${booked.trackingNumber}` });
  const balance = add.getByTestId('payment-balance');
  await expect(balance).toHaveText(/^₱[\d,]+\.\d\d$/);
  const balanceText = (await balance.textContent())!.replace(/[₱,]/g, '');
  await expect(add.getByLabel('Amount (₱)')).toHaveValue(balanceText);
  await add.getByLabel('Payment method').selectOption({ label: 'GCash' });
  await add.getByLabel('Amount (₱)').fill('100');
  await add.getByLabel(/^Reference number/).fill(reference);
  await add.getByLabel(/^Remarks/).fill('Sent to the hub GCash');
  await screenshotWidths(page, 'console-transactions-add-payment');
  await add.getByRole('button', { name: 'Add payment' }).click();
  await expect(page.getByText('Payment recorded')).toBeVisible();
  await expect(add).toBeHidden();
  // It has a payment now: it leaves this tab.
  await expect(page.getByText('No data available')).toBeVisible();

  // Every payment, still searched by the tracking number.
  await page.getByRole('tab', { name: /View All Transactions/ }).click();
  await expect(page).not.toHaveURL(/tab=/);
  const row = page.getByRole('row').filter({ hasText: booked.trackingNumber });
  await expect(row).toContainText('₱100.00');
  await expect(row).toContainText('GCash');
  await expect(row).toContainText('Valid');
  await expect(row).toContainText(reference);
  await expect(row).toContainText('Partially Paid');
  await expect(row.getByRole('link', { name: booked.trackingNumber })).toHaveAttribute('href', `/shipments/${booked.trackingNumber}`);
  // …and by its reference number; a reload keeps the search.
  await search.fill(reference);
  await expect(page).toHaveURL(new RegExp(`search=${reference}`));
  await expect(row).toBeVisible();
  await page.reload();
  await expect(search).toHaveValue(reference);
  await expect(row).toContainText('₱100.00');
  await screenshotWidths(page, 'console-transactions');

  const menu = page.getByRole('button', { name: `Actions for the ₱100.00 payment for ${booked.trackingNumber}` });

  // Edit: remarks, one detail and a proof of payment.
  await menu.click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit ₱100.00 payment for ${booked.trackingNumber}` });
  await edit.getByLabel(/^Remarks/).fill('Checked against the GCash receipt');
  // A new detail beside whatever the server noted when the payment was recorded.
  const details = await edit.getByLabel(/^Name \d+$/).count();
  await edit.getByRole('button', { name: 'Add detail' }).click();
  await edit.getByLabel(`Name ${details + 1}`).fill('GCash number');
  await edit.getByLabel(`Value ${details + 1}`).fill('0917 123 4567');
  await edit.getByLabel(/^Proof of payment/).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: RECEIPT_PNG });
  await screenshotWidths(page, 'console-transactions-edit');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Payment updated')).toBeVisible();
  await expect(edit).toBeHidden();

  // View: every field, the detail and the proof.
  await menu.click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  const view = page.getByRole('dialog', { name: `₱100.00 payment for ${booked.trackingNumber}` });
  await expect(view).toContainText('Checked against the GCash receipt');
  await expect(view).toContainText('GCash number');
  await expect(view).toContainText('0917 123 4567');
  await expect(view).toContainText('Teresa Reyes');
  const proof = view.getByRole('link', { name: 'Open proof of payment' });
  const proofAnswer = await page.request.get((await proof.getAttribute('href'))!);
  expect(proofAnswer.status()).toBe(200);
  expect(proofAnswer.headers()['content-type']).toBe('image/png');
  await screenshotWidths(page, 'console-transactions-view');
  await view.getByRole('button', { name: 'Close' }).last().click();
  await expect(view).toBeHidden();

  // Void: a reason is required; then the payment reads "Voided" and the shipment is unpaid again.
  await menu.click();
  await page.getByRole('menuitem', { name: 'Void' }).click();
  const confirm = page.getByRole('dialog', { name: 'Void this payment?' });
  await confirm.getByRole('button', { name: 'Void payment' }).click();
  await expect(confirm.getByText('Say why the payment is voided')).toBeVisible();
  await confirm.getByLabel('Reason').fill('The customer sent it to the wrong account');
  await confirm.getByRole('button', { name: 'Void payment' }).click();
  await expect(page.getByText('Payment voided')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Voided');
  await expect(row).toContainText('Pending');
  // A voided payment is not voided twice; its remarks may still change, nothing else.
  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Void' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editVoided = page.getByRole('dialog', { name: `Edit ₱100.00 payment for ${booked.trackingNumber}` });
  await expect(editVoided).toContainText('This payment is voided: only its remarks can change.');
  await expect(editVoided.getByRole('group', { name: 'Details' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(editVoided).toBeHidden();

  // Export: the filtered list, named after the table.
  await search.fill(booked.trackingNumber);
  await expect(page).toHaveURL(new RegExp(`search=${booked.trackingNumber}`));
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('Transactions_all.csv');
  const csv = await fs.readFile((await download.path())!, 'utf8');
  expect(csv).toContain(booked.trackingNumber);
  expect(csv).toContain('Voided');
  expect(csv).toContain('The customer sent it to the wrong account');

  // A rider records cash in the rider app: the desk is not theirs.
  await loginWithEmail(page.request, 'rider@hatid.test');
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Transactions' })).toHaveCount(0);
});
