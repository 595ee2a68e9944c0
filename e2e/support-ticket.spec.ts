import { expect, test } from '@playwright/test';
import { bookShipment, dataOf, loginWithEmail, signedInApi, signUpCustomer } from './helpers/accounts';
import { chooseFromCombobox, screenshotWidths } from './helpers/ui';

test('a customer writes to support, edits, closes and deletes tickets', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signUpCustomer(page, 'Rosa', 'Mendoza');
  const shipment = await bookShipment(page.request);

  // The way in is the header's Help link.
  await page.getByRole('banner').getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/talk-to-us$/);
  await expect(page.getByRole('heading', { name: 'Talk to us', level: 1 })).toBeVisible();
  await expect(page.getByText('No tickets yet')).toBeVisible();
  await screenshotWidths(page, 'talk-to-us-empty');

  // An empty message names the field and why; nothing is sent.
  const form = page.getByRole('form', { name: 'Open a support ticket' });
  await form.getByLabel('Subject').fill('Parcel not picked up');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Tell us what happened')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('No tickets yet')).toBeVisible();
  await screenshotWidths(page, 'talk-to-us-error');

  // A ticket about the shipment.
  await form.getByLabel('Message').fill('The rider never came for my parcel yesterday.');
  await chooseFromCombobox(page, 'Shipment (optional)', shipment.trackingNumber, { option: `${shipment.trackingNumber} · to Cebu City` });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Ticket created successfully')).toBeVisible();
  const tickets = page.getByRole('list', { name: 'My tickets' });
  const first = tickets.getByRole('listitem', { name: 'Parcel not picked up' });
  await expect(first).toContainText('Open');
  await expect(first).toContainText('The rider never came for my parcel yesterday.');
  await expect(first.getByRole('link', { name: shipment.trackingNumber })).toHaveAttribute('href', `/packages/${shipment.trackingNumber}`);
  await expect(form.getByLabel('Subject')).toHaveValue('');
  await screenshotWidths(page, 'talk-to-us');

  // Edit it in a dialog.
  await first.getByRole('button', { name: 'Edit Parcel not picked up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit ticket' });
  await expect(dialog.getByLabel('Subject')).toHaveValue('Parcel not picked up');
  await dialog.getByLabel('Subject').fill('Rider did not come for pickup');
  await screenshotWidths(page, 'talk-to-us-edit');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Ticket updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const edited = tickets.getByRole('listitem', { name: 'Rider did not come for pickup' });
  await expect(edited).toContainText(shipment.trackingNumber);

  // A second ticket, with the shipment taken from the link a package page would use.
  await page.goto(`/talk-to-us?trackingNumber=${shipment.trackingNumber.toLowerCase()}`);
  await expect(page.getByRole('combobox', { name: 'Shipment (optional)' })).toContainText(shipment.trackingNumber);
  await form.getByLabel('Subject').fill('Box arrived dented');
  await form.getByLabel('Message').fill('One corner is crushed.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Ticket created successfully')).toBeVisible();
  const dented = tickets.getByRole('listitem', { name: 'Box arrived dented' });
  await expect(dented).toBeVisible();

  // Support picks the second one up: the customer can no longer edit or delete it, only close it.
  const staff = await signedInApi(baseURL!);
  const [ticket] = await dataOf<{ id: string }[]>(await page.request.get(`/api/tickets/shipment/${shipment.id}`));
  expect((await staff.patch(`/api/tickets/${ticket!.id}`, { data: { status: 'in_progress' } })).ok()).toBeTruthy();
  await staff.dispose();
  await expect(dented).toContainText('In progress');
  await expect(dented.getByRole('button', { name: /Edit|Delete/ })).toHaveCount(0);
  await dented.getByRole('button', { name: 'Close Box arrived dented' }).click();
  await expect(page.getByText('Ticket updated successfully')).toBeVisible();
  await expect(dented).toContainText('Closed');
  // A closed ticket keeps only its conversation, to read.
  await expect(dented.getByRole('button')).toHaveText(['Conversation']);

  // Delete the first after confirming.
  await edited.getByRole('button', { name: 'Delete Rider did not come for pickup' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this ticket?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Ticket deleted successfully')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(edited).toHaveCount(0);
  await expect(tickets.getByRole('listitem')).toHaveCount(1);
});

/**
 * The other side of a ticket: a customer writes about a shipment; staff (Teresa Reyes, the demo staff
 * account) find it on /tickets by its tracking number, take it and move it to "In progress" from the row
 * menu (never rewriting the customer's words), and reply from View; the customer sees the new status, the
 * reply and the change by name on /talk-to-us, is notified, and answers.
 */
test('staff find a customer ticket on /tickets, assign it, move its status and reply; the customer sees the thread', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await signUpCustomer(page, 'Lorna', 'Santos');
  const shipment = await bookShipment(page.request, 'Dante Cruz');
  await dataOf(
    await page.request.post('/api/tickets', {
      data: { subject: 'Wrong address on the waybill', description: 'The barangay is wrong.', trackingNumber: shipment.trackingNumber },
    }),
  );

  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  await loginWithEmail(staff.request, 'staff@hatid.test');
  await staff.goto('/tickets');
  await expect(staff).toHaveTitle('Tickets · Hatid');
  await expect(staff.getByRole('heading', { level: 1, name: 'Tickets' })).toBeVisible();
  await expect(staff.getByText('Support tickets from customers.')).toBeVisible();

  // The search box takes a tracking number: only that shipment's tickets.
  await staff.getByRole('search', { name: 'Search tickets' }).getByRole('searchbox').fill(shipment.trackingNumber);
  await expect(staff).toHaveURL(new RegExp(`search=${shipment.trackingNumber}`));
  const row = staff.getByRole('row').filter({ hasText: 'Wrong address on the waybill' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Lorna Santos');
  await expect(row).toContainText('Open');
  await expect(row).toContainText('Nobody');
  await expect(row.getByRole('link', { name: shipment.trackingNumber })).toHaveAttribute('href', `/shipments/${shipment.trackingNumber}`);
  await screenshotWidths(staff, 'console-tickets');

  await row.getByRole('button', { name: 'Actions for Wrong address on the waybill' }).click();
  await staff.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Edit ticket: Wrong address on the waybill' });
  await expect(dialog.getByRole('option', { name: 'Teresa Reyes' })).toBeAttached();
  await dialog.getByLabel('Assigned to').selectOption({ label: 'Teresa Reyes' });
  await dialog.getByLabel('Status').selectOption({ label: 'In progress' });
  // The customer's subject and message are shown as written, not offered for editing.
  await expect(dialog.getByLabel('Subject')).toHaveCount(0);
  await expect(dialog.getByLabel('Message', { exact: true })).toHaveCount(0);
  await expect(dialog).toContainText('The barangay is wrong.');
  await screenshotWidths(staff, 'console-ticket-edit');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByText('Ticket updated successfully')).toBeVisible();
  await expect(row).toContainText('In progress');
  await expect(row).toContainText('Teresa Reyes');

  // Staff reply from View: the conversation shows the change by name, then the reply.
  await row.getByRole('button', { name: 'Actions for Wrong address on the waybill' }).click();
  await staff.getByRole('menuitem', { name: 'View' }).click();
  const view = staff.getByRole('dialog', { name: 'Wrong address on the waybill' });
  await expect(view.getByText('Teresa Reyes marked this In progress')).toBeVisible();
  await view.getByLabel('Reply to the customer').fill('We corrected the barangay on the waybill. The rider has the new address.');
  await view.getByRole('button', { name: 'Send reply' }).click();
  // Sent: the box empties (until then its text could be matched as well as the thread's).
  await expect(view.getByLabel('Reply to the customer')).toHaveValue('');
  await expect(view.getByText('We corrected the barangay on the waybill. The rider has the new address.')).toBeVisible();
  await screenshotWidths(staff, 'console-ticket-thread');
  await staff.keyboard.press('Escape');
  await expect(view).toBeHidden();

  // "Assigned to me" on the "In progress" tab finds it too.
  await staff.getByRole('search', { name: 'Search tickets' }).getByRole('searchbox').fill('');
  await staff.getByLabel('Assigned to').selectOption({ label: 'Assigned to me' });
  await staff.getByRole('tab', { name: /^In progress/ }).click();
  await expect(staff).toHaveURL(/assignee=me/);
  await expect(staff.getByRole('row').filter({ hasText: 'Wrong address on the waybill' })).toHaveCount(1);
  await staffContext.close();

  // The customer sees where their ticket stands.
  await page.goto('/talk-to-us');
  const mine = page.getByRole('list', { name: 'My tickets' }).getByRole('listitem', { name: 'Wrong address on the waybill' });
  await expect(mine).toContainText('In progress');
  await mine.getByRole('button', { name: 'Conversation about Wrong address on the waybill' }).click();
  await expect(mine.getByText('Teresa Reyes marked this In progress')).toBeVisible();
  await expect(mine.getByText('We corrected the barangay on the waybill. The rider has the new address.')).toBeVisible();
  await expect(mine.getByText('Teresa Reyes · Support')).toBeVisible();
  const notes = await dataOf<{ title: string; message: string }[]>(await page.request.get('/api/notifications/me'));
  expect(notes.map((n) => n.message)).toContain('Our support team replied to your ticket "Wrong address on the waybill".');
  await mine.getByLabel('Reply to our support team').fill('Thank you!');
  await mine.getByRole('button', { name: 'Send reply' }).click();
  await expect(mine.getByLabel('Reply to our support team')).toHaveValue('');
  await expect(mine.getByText('Thank you!')).toBeVisible();
  await screenshotWidths(page, 'talk-to-us-thread');
});
