import { expect, test, type APIRequestContext } from '@playwright/test';
import { dataOf, loginWithEmail, placeOf, signedInApi } from './helpers/accounts';
import { screenshotWidths } from './helpers/ui';

const peso = (cents: number) => new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' }).format(cents / 100);
/** Today as a Manila day, yyyy-MM-dd (billing periods are Manila days). */
const manilaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

interface Business {
  id: string;
  name: string;
  owner: { id: string } | null;
  invoiceAccount: { invoiceBillingEnabled: boolean };
}

/**
 * The demo business admin's business, on an invoice account: the seed's if there is one (switched on if it
 * is not), else one staff register for her now.
 */
async function invoiceBusiness(staff: APIRequestContext, admin: APIRequestContext): Promise<Business> {
  const me = await dataOf<{ id: string; businessId?: string | null }>(await admin.get('/api/users/me'));
  const businesses = await dataOf<Business[]>(await staff.get('/api/businesses?limit=100'));
  const id = me.businessId ?? businesses.find((b) => b.owner?.id === me.id)?.id;
  if (!id) {
    return dataOf<Business>(
      await staff.post('/api/businesses', {
        data: { name: 'Villanueva Trading', ownerId: me.id, invoiceAccount: { invoiceBillingEnabled: true, paymentTermsInDays: 30, creditLimitInCents: 0 } },
      }),
    );
  }
  const business = await dataOf<Business>(await staff.get(`/api/businesses/${id}`));
  if (business.invoiceAccount.invoiceBillingEnabled) return business;
  return dataOf<Business>(await staff.patch(`/api/businesses/${id}`, { data: { invoiceAccount: { invoiceBillingEnabled: true } } }));
}

/** The business admin books "sender pays": on an invoice account, that is on account (payment method invoice). */
async function bookOnAccount(api: APIRequestContext, receiverName: string): Promise<{ trackingNumber: string; totalInCents: number; paymentMethod: string }> {
  const sender = await placeOf(api, 'Metro Manila', 'Makati City');
  const receiver = await placeOf(api, 'Cebu', 'Cebu City');
  const packages = [{ boxName: 'Small Box', quantity: 1, weightInGrams: 1500 }];
  const quote = await dataOf<{ totalInCents: number }>(
    await api.post('/api/shipments/calculations', {
      data: { deliveryType: 'next_day', packages, declaredInsuranceValue: 0, receiverProvinceCode: receiver.provinceCode },
    }),
  );
  const response = await api.post('/api/shipments/customer', {
    data: {
      deliveryType: 'next_day',
      sender: { name: 'Maria Villanueva', mobileNumber: '09171234567', streetName: '12 Sampaguita St', ...sender },
      receiver: { name: receiverName, mobileNumber: '09181234567', streetName: '5 Colon St', ...receiver },
      packages: packages.map((p) => ({ ...p, itemCategory: 'Books' })),
      declaredInsuranceValue: 0,
      paidBy: 'sender',
      expectedTotalInCents: quote.totalInCents,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { trackingNumber: string; totalInCents: number; paymentMethod: string } }).data;
}

/**
 * Billings: the demo business (on an invoice account) books two shipments on account; staff open /billings,
 * add a receivable billing for it for today, record a partial payment against it, issue its invoice and
 * open the PDF preview.
 */
test('staff bill a client on an invoice account, record a partial payment, issue the invoice and preview it', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const staff = await signedInApi(baseURL!);
  const admin = await signedInApi(baseURL!, 'business-admin@hatid.test');
  const business = await invoiceBusiness(staff, admin);
  const booked = [await bookOnAccount(admin, 'Lorna Diaz'), await bookOnAccount(admin, 'Pedro Lim')];
  expect(booked.map((s) => s.paymentMethod)).toEqual(['invoice', 'invoice']);
  await admin.dispose();
  const today = manilaToday();

  await loginWithEmail(page.request, 'staff@hatid.test');
  await page.goto('/billings');
  await expect(page).toHaveTitle('Billings · Hatid');
  await expect(page.getByRole('heading', { level: 1, name: 'Billings' })).toBeVisible();

  // Add billing: receivable, the client, today's period.
  await page.getByRole('button', { name: 'Add billing' }).click();
  const add = page.getByRole('dialog', { name: 'Add billing' });
  await expect(add.getByLabel('Type')).toHaveValue('receivable');
  await add.getByLabel('Client').selectOption({ label: business.name });
  await add.getByLabel('Period from').fill(today);
  await add.getByLabel('Period to').fill(today);
  await add.getByLabel(/^Notes/).fill('Shipments booked on account today');
  await screenshotWidths(page, 'console-add-billing');
  await add.getByRole('button', { name: 'Add billing' }).click();
  await expect(add).toBeHidden();

  // The billing the server prepared (today's on-account shipments of the business, ours among them).
  const list = await dataOf<{ id: string; businessName: string | null; totalInCents: number; shipmentCount: number; status: string }[]>(
    await staff.get(`/api/billings?search=${encodeURIComponent(business.name)}&limit=10`),
  );
  const billing = list.find((b) => b.businessName === business.name && b.status === 'pending')!;
  expect(billing.shipmentCount).toBeGreaterThanOrEqual(2);
  const detail = await dataOf<{ shipments: { trackingNumber: string }[] }>(await staff.get(`/api/billings/${billing.id}`));
  expect(detail.shipments.map((s) => s.trackingNumber)).toEqual(expect.arrayContaining(booked.map((s) => s.trackingNumber)));

  const row = page.getByRole('row').filter({ hasText: business.name }).first();
  await expect(row).toContainText('Receivable');
  await expect(row).toContainText(peso(billing.totalInCents));
  await expect(row).toContainText('Pending');
  await expect(page.getByRole('tab', { name: /^Pending/ })).not.toHaveText('Pending');
  const actions = row.getByRole('button', { name: new RegExp(`^Actions for ${business.name}`) });

  // Record a partial payment: half of it by bank transfer.
  const half = Math.floor(billing.totalInCents / 2);
  await actions.click();
  await page.getByRole('menuitem', { name: 'Record payment' }).click();
  const record = page.getByRole('dialog', { name: 'Record payment' });
  await expect(record.getByTestId('billing-balance')).toHaveText(peso(billing.totalInCents));
  await record.getByLabel('Payment method').selectOption('Bank transfer');
  await record.getByLabel('Amount (₱)').fill((half / 100).toFixed(2));
  await record.getByLabel(/^Reference number/).fill('BDO-20261127');
  await screenshotWidths(page, 'console-record-billing');
  await record.getByRole('button', { name: 'Record payment' }).click();
  await expect(record).toBeHidden();
  await expect(row).toContainText('Partially Paid');
  await expect(row).toContainText(peso(billing.totalInCents - half));

  // View: the payment is listed; issue the invoice.
  await actions.click();
  await page.getByRole('menuitem', { name: 'View', exact: true }).click();
  const view = page.getByRole('dialog', { name: `Billing for ${business.name}` });
  await expect(view.getByRole('list', { name: 'Payments' })).toContainText(peso(half));
  await expect(view.getByRole('list', { name: 'Payments' })).toContainText('BDO-20261127');
  await view.getByRole('button', { name: 'Issue invoice' }).click();
  await page.getByRole('dialog', { name: 'Issue an invoice?' }).getByRole('button', { name: 'Issue invoice' }).click();
  const invoices = view.getByRole('list', { name: 'Invoices' });
  await expect(invoices).toContainText(/INV-\d{6}/);
  await expect(view.getByRole('button', { name: 'Issue invoice' })).toHaveCount(0);
  const invoiceNumber = ((await invoices.textContent()) ?? '').match(/INV-\d{6,}/)![0];
  await screenshotWidths(page, 'console-billing-view');
  await page.keyboard.press('Escape');
  await expect(row).toContainText(invoiceNumber);

  // Preview: the PDF statement in the page, with a download link.
  await actions.click();
  const pdf = page.waitForResponse((response) => response.url().endsWith(`/api/billings/${billing.id}/preview`));
  await page.getByRole('menuitem', { name: 'Preview', exact: true }).click();
  const preview = page.getByRole('dialog', { name: 'Billing preview' });
  const answer = await pdf;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  await expect(preview.locator('iframe')).toHaveAttribute('src', `/api/billings/${billing.id}/preview`);
  await expect(preview.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `/api/billings/${billing.id}/preview`);
  await page.keyboard.press('Escape');

  // The On going / Completed moves stay with staff; the tab and search live in the address.
  await page.getByRole('tab', { name: /^Pending/ }).click();
  await expect(page).toHaveURL(/tab=pending/);
  await expect(page.getByRole('row').filter({ hasText: business.name }).first()).toContainText(invoiceNumber);
  await staff.dispose();
});
