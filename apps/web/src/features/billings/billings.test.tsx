import { defineAbilityFor, type BillingDetailDto, type BillingDto, type InvoiceDto, type RoleName } from '@hatid/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/catalogues';
import { renderConsoleScreen } from '../../testing/console-screen';
import { englishLeftIn, readableText } from '../../testing/english-left';
import { fakeApi, json, type FakeCall } from '../../testing/fake-api';
import { billingMenuItems } from './lib/billing-actions';
import { parseBillingsSearch } from './lib/billings-search';
import { readRecordPaymentForm } from './lib/record-form';
import { BillingsPage } from './routes/billings-page';

beforeAll(() => {
  // The router scrolls on navigation; jsdom has no scrolling.
  window.scrollTo = vi.fn() as never;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const TERESA = '11111111-1111-4111-8111-111111111111';
const MARIA = '22222222-2222-4222-8222-222222222222';
const BUSINESS = '33333333-3333-4333-8333-333333333333';
const CEBU = '0722000000';
const PENDING_ID = '44444444-4444-4444-8444-444444444444';
const DONE_ID = '55555555-5555-4555-8555-555555555555';
const INVOICE_ID = '66666666-6666-4666-8666-666666666666';
const ATTACHMENT_ID = '77777777-7777-4777-8777-777777777777';
const UPLOAD_ID = '88888888-8888-4888-8888-888888888888';

const billing = (overrides: Partial<BillingDto> = {}): BillingDto => ({
  id: PENDING_ID,
  billingType: 'receivable',
  customerId: MARIA,
  customerName: 'Maria Santos',
  businessId: BUSINESS,
  businessName: 'Santos Trading',
  billerId: TERESA,
  billerName: 'Teresa Reyes',
  location: CEBU,
  locationName: 'Cebu',
  periodStart: '2026-11-01',
  periodEnd: '2026-11-30',
  dueDate: '2026-12-30',
  status: 'pending',
  paymentStatus: 'Pending',
  totalInCents: 250_000,
  amountPaidInCents: 0,
  balanceInCents: 250_000,
  shipmentCount: 3,
  invoiceNumber: null,
  notes: null,
  createdAt: '2026-12-01T01:00:00.000Z',
  updatedAt: '2026-12-01T01:00:00.000Z',
  ...overrides,
});

const pending = billing();
const done = billing({
  id: DONE_ID,
  billingType: 'payable',
  customerId: '99999999-9999-4999-8999-999999999999',
  customerName: 'Jose Rizal',
  businessId: null,
  businessName: null,
  status: 'completed',
  paymentStatus: 'Paid',
  totalInCents: 80_000,
  amountPaidInCents: 80_000,
  balanceInCents: 0,
  shipmentCount: 1,
});
const PENDING_NAME = 'Santos Trading, November 01, 2026 – November 30, 2026';
const DONE_NAME = 'Jose Rizal, November 01, 2026 – November 30, 2026';

const invoice = (overrides: Partial<InvoiceDto> = {}): InvoiceDto => ({
  id: INVOICE_ID,
  number: 7,
  numberLabel: 'INV-000007',
  billingId: PENDING_ID,
  customerId: MARIA,
  customerName: 'Maria Santos',
  businessName: 'Santos Trading',
  issuedAt: '2026-12-02T01:00:00.000Z',
  dueDate: '2026-12-30',
  totalInCents: 250_000,
  notes: null,
  issuedByName: 'Teresa Reyes',
  voidedAt: null,
  voidReason: null,
  ...overrides,
});

const provinces = [
  { provinceCode: '1300000000', name: 'Metro Manila', partnerStatus: 'direct', retrievalFeeInCents: 0, isIntraCityEnabled: true },
  { provinceCode: CEBU, name: 'Cebu', partnerStatus: 'direct', retrievalFeeInCents: 0, isIntraCityEnabled: true },
];
const emptyPage = { data: [], page: 1, limit: 100, total: 0, totalPages: 0, hasNextPage: false };

/** The server: GET /billings with counts, one billing's details (kept in `state`), and `write` for every change. */
function server(
  write: (call: FakeCall) => Response = () => json({ data: { ...pending, shipments: [], payments: [], attachments: [], invoices: [] } }),
  state: { detail?: BillingDetailDto } = {},
) {
  return fakeApi((call) => {
    if (call.method !== 'GET') return write(call);
    if (call.path === '/api/addresses/covered-provinces') return json({ data: provinces });
    if (call.path === '/api/users/account-managers')
      return json({ ...emptyPage, data: [{ id: TERESA, name: 'Teresa Reyes', email: null, roles: [{ id: 3, name: 'staff' }] }], total: 1, totalPages: 1 });
    if (call.path === '/api/users/clients') return json({ ...emptyPage, data: [{ id: MARIA, name: 'Maria Santos' }], total: 1, totalPages: 1 });
    if (call.path === '/api/businesses') return json(emptyPage);
    if (call.path === '/api/billings') {
      const status = call.query.get('status');
      const rows = [pending, done].filter((b) => !status || b.status === status);
      return json({
        data: rows,
        page: 1,
        limit: Number(call.query.get('limit')),
        total: rows.length,
        totalPages: rows.length ? 1 : 0,
        hasNextPage: false,
        counts: { pending: 1, on_going: 0, completed: 1, cancelled: 0 },
      });
    }
    if (call.path === `/api/billings/${PENDING_ID}`)
      return json({ data: state.detail ?? { ...pending, shipments: [], payments: [], attachments: [], invoices: [] } });
    return json({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
}

function renderPage(url = '/billings', roles: RoleName[] = ['staff']) {
  return renderConsoleScreen(url, '/billings', <BillingsPage />, roles);
}

const rowOf = (name: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(name))!;

async function openMenu(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
}

describe('billing row menu', () => {
  const labels = (b: Pick<BillingDto, 'status' | 'balanceInCents'>, roles: RoleName[]) =>
    billingMenuItems(b, defineAbilityFor({ roles }), roles).map((i) => i.label);

  it('offers the moves BILLING_MOVES allows and a payment while there is a balance', () => {
    expect(labels({ status: 'pending', balanceInCents: 100 }, ['staff'])).toEqual([
      'View',
      'Preview',
      'Files',
      'Record payment',
      'Edit',
      'Mark on going',
      'Mark completed',
      'Cancel',
      'Delete',
    ]);
    expect(labels({ status: 'on_going', balanceInCents: 0 }, ['staff'])).toEqual(['View', 'Preview', 'Files', 'Edit', 'Mark completed', 'Cancel', 'Delete']);
    expect(labels({ status: 'cancelled', balanceInCents: 100 }, ['admin'])).toEqual(['View', 'Preview', 'Files', 'Edit', 'Delete']);
  });

  it('lets ssp and business admins read only', () => {
    expect(labels({ status: 'pending', balanceInCents: 100 }, ['ssp'])).toEqual(['View', 'Preview', 'Files']);
    expect(labels({ status: 'pending', balanceInCents: 100 }, ['business_admin'])).toEqual(['View', 'Preview', 'Files']);
    expect(labels({ status: 'pending', balanceInCents: 100 }, ['customer'])).toEqual([]);
  });
});

describe('billings address and forms', () => {
  it('reads the tab and filters leniently', () => {
    expect(parseBillingsSearch({ tab: 'on_going', type: 'payable', biller: TERESA, customer: MARIA, location: CEBU, page: '2' })).toEqual({
      tab: 'on_going',
      type: 'payable',
      biller: TERESA,
      customer: MARIA,
      location: CEBU,
      page: 2,
    });
    expect(parseBillingsSearch({ tab: 'done', type: 'both', biller: 'teresa', customer: '1', location: 'Cebu' })).toEqual({});
  });

  it('turns pesos into centavos and an earlier day into a Manila time', () => {
    const read = readRecordPaymentForm(
      { method: 'Bank transfer', amountPesos: '1,000', paidOn: '2026-12-01', referenceNumber: '', remarks: '' },
      PENDING_ID,
      '2026-12-05',
    );
    expect(read).toEqual({ ok: false, errors: { amountPesos: expect.any(String) } });
    expect(
      readRecordPaymentForm(
        { method: 'Bank transfer', amountPesos: '1000.5', paidOn: '2026-12-01', referenceNumber: ' BT-1 ', remarks: '' },
        PENDING_ID,
        '2026-12-05',
      ),
    ).toEqual({
      ok: true,
      input: { billingId: PENDING_ID, method: 'Bank transfer', amountInCents: 100_050, paidAt: '2026-12-01T12:00:00+08:00', referenceNumber: 'BT-1' },
    });
    expect(
      readRecordPaymentForm({ method: 'Cash', amountPesos: '5', paidOn: '2026-12-06', referenceNumber: '', remarks: '' }, PENDING_ID, '2026-12-05'),
    ).toEqual({
      ok: false,
      errors: { paidOn: 'The date paid cannot be in the future' },
    });
  });
});

describe('billings page', () => {
  it('lists the billings with the counts per status, and puts the filters in the address and the request', async () => {
    const api = server();
    const user = userEvent.setup();
    const { location } = renderPage(`/billings?type=receivable&location=${CEBU}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Billings' })).toBeTruthy();
    await screen.findByText('Santos Trading');
    const row = rowOf('Santos Trading');
    expect(row.textContent).toContain('₱2,500.00');
    expect(row.textContent).toContain('Receivable');
    expect(row.textContent).toContain('Teresa Reyes');
    expect(row.textContent).toContain('Cebu');
    expect(rowOf('Jose Rizal').textContent).toContain('Paid');

    expect(screen.getByRole('tab', { name: /^All/ }).textContent).toBe('All2');
    expect(screen.getByRole('tab', { name: /^Pending/ }).textContent).toBe('Pending1');
    expect(screen.getByRole('tab', { name: /^Completed/ }).textContent).toBe('Completed1');
    expect(screen.getByRole('tab', { name: /^Cancelled/ }).textContent).toBe('Cancelled0');
    // One call answers the list and the counts.
    const lists = () => api.calls.filter((c) => c.path === '/api/billings');
    expect(lists()).toHaveLength(1);
    expect(lists()[0]!.query.get('billingType')).toBe('receivable');
    expect(lists()[0]!.query.get('location')).toBe(CEBU);

    await waitFor(() => expect(screen.getByRole('option', { name: 'Teresa Reyes' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Biller'), 'Teresa Reyes');
    await waitFor(() => expect(location().get('biller')).toBe(TERESA));
    await user.selectOptions(screen.getByLabelText('Customer'), 'Maria Santos');
    await waitFor(() => expect(location().get('customer')).toBe(MARIA));
    await user.click(screen.getByRole('tab', { name: /^Pending/ }));
    await waitFor(() => expect(location().get('tab')).toBe('pending'));
    await waitFor(() => expect(lists().at(-1)!.query.get('status')).toBe('pending'));
    const last = lists().at(-1)!.query;
    expect([last.get('billerId'), last.get('customerId'), last.get('billingType'), last.get('location')]).toEqual([TERESA, MARIA, 'receivable', CEBU]);
  });

  it("records a payment in centavos with an Idempotency-Key, and shows the server's refusal on the amount", async () => {
    let refused = false;
    const message = 'The amount is more than the balance of ₱2,500.00';
    const api = server(() => {
      if (!refused) {
        refused = true;
        return json({ statusCode: 422, code: 'RULE_BROKEN', message, details: [{ field: 'amountInCents', message }] }, 422);
      }
      return json({ data: { ...pending, shipments: [], payments: [], attachments: [], invoices: [] } }, 201);
    });
    const user = userEvent.setup();
    renderPage();
    await openMenu(user, PENDING_NAME);
    await user.click(screen.getByRole('menuitem', { name: 'Record payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record payment' });
    expect(within(dialog).getByTestId('billing-balance').textContent).toBe('₱2,500.00');
    const amount = within(dialog).getByLabelText('Amount (₱)');
    expect(amount).toHaveProperty('value', '2500.00');
    const method = within(dialog).getByLabelText('Payment method');
    expect(
      within(method)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a method', 'Bank transfer', 'Cash', 'GCash Direct', 'GCash QR', 'Payment link', 'Wallet']);

    await user.selectOptions(method, 'Bank transfer');
    await user.clear(amount);
    await user.type(amount, '3000');
    await user.type(within(dialog).getByLabelText(/^Reference number/), 'BDO-1234');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');

    await user.clear(amount);
    await user.type(amount, '1000.50');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record payment' })).toBeNull());

    const [first, second] = api.writes();
    expect(first!.body).toMatchObject({ amountInCents: 300_000 });
    // Paid today: the server's "now", so no paidAt is sent.
    expect(second).toMatchObject({
      method: 'POST',
      path: '/api/billings/record',
      body: { billingId: PENDING_ID, method: 'Bank transfer', amountInCents: 100_050, referenceNumber: 'BDO-1234' },
    });
    expect(second!.body).not.toHaveProperty('paidAt');
    expect(second!.idempotencyKey).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
    expect(first!.idempotencyKey).toBe(second!.idempotencyKey);
  });

  it('moves the ticked billings and lists each one refused, keeping it ticked', async () => {
    const api = server(() => json({ data: { updated: [PENDING_ID], failed: [{ id: DONE_ID, message: 'A completed billing cannot move' }] } }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: `Actions for ${PENDING_NAME}` });
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected rows' })).getByRole('button', { name: 'Mark completed' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Mark completed for 2 billings?' })).getByRole('button', { name: 'Mark completed' }));

    const refused = await screen.findByRole('list', { name: 'Refused billings' });
    expect(refused.textContent).toBe(`${DONE_NAME}: A completed billing cannot move`);
    expect(screen.getByText(/1 billing completed\. 1 refused/)).toBeTruthy();
    expect(api.changes()).toEqual([{ method: 'PATCH', path: '/api/billings/bulk-status', body: { ids: [PENDING_ID, DONE_ID], status: 'completed' } }]);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Mark completed' }))
        .getAllByRole('button', { name: 'Close' })
        .at(-1)!,
    );
    expect((within(rowOf('Jose Rizal')).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect((within(rowOf('Santos Trading')).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it.each([['ssp'], ['business_admin']] as const)('shows %s no way to change a billing', async (role) => {
    const detail: BillingDetailDto = {
      ...pending,
      invoiceNumber: 'INV-000007',
      shipments: [],
      payments: [],
      attachments: [
        {
          id: ATTACHMENT_ID,
          uploadId: UPLOAD_ID,
          name: 'Signed statement.pdf',
          url: '/api/uploads/file/x',
          uploadedByName: 'Teresa Reyes',
          createdAt: '2026-12-02T01:00:00.000Z',
        },
      ],
      invoices: [invoice()],
    };
    server(undefined, { detail });
    const user = userEvent.setup();
    renderPage('/billings', [role]);
    await screen.findByText('Santos Trading');
    expect(screen.queryByRole('button', { name: 'Add billing' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(await openMenu(user, PENDING_NAME)).toEqual(['View', 'Preview', 'Files']);

    await user.click(screen.getByRole('menuitem', { name: 'Files' }));
    const files = screen.getByRole('dialog', { name: 'Billing files' });
    expect((await within(files).findByRole('link', { name: 'Signed statement.pdf' })).getAttribute('href')).toBe('/api/uploads/file/x');
    expect(within(files).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(files).queryByRole('button', { name: 'Attach file' })).toBeNull();
    await user.keyboard('{Escape}');

    await openMenu(user, PENDING_NAME);
    await user.click(screen.getByRole('menuitem', { name: 'View' }));
    const view = screen.getByRole('dialog', { name: 'Billing for Santos Trading' });
    expect(await within(view).findByRole('list', { name: 'Invoices' })).toBeTruthy();
    expect(within(view).getByRole('button', { name: 'Download CSV' })).toBeTruthy();
    expect(within(view).queryByRole('button', { name: 'Issue invoice' })).toBeNull();
    expect(within(view).queryByRole('button', { name: 'Void invoice' })).toBeNull();
  });

  it('attaches an uploaded file and removes one after confirming', async () => {
    const state: { detail: BillingDetailDto } = { detail: { ...pending, shipments: [], payments: [], attachments: [], invoices: [] } };
    const attachment = {
      id: ATTACHMENT_ID,
      uploadId: UPLOAD_ID,
      name: 'BDO deposit slip',
      url: '/api/uploads/file/slip',
      uploadedByName: 'Teresa Reyes',
      createdAt: '2026-12-02T01:00:00.000Z',
    };
    const api = server((call) => {
      if (call.path === '/api/uploads') return json({ data: { id: UPLOAD_ID, fileName: 'slip.pdf', fileUrl: '/api/uploads/file/slip' } }, 201);
      if (call.method === 'PATCH') state.detail = { ...state.detail, attachments: [attachment] };
      if (call.method === 'DELETE') state.detail = { ...state.detail, attachments: [] };
      return json({ data: state.detail });
    }, state);
    const user = userEvent.setup();
    renderPage();
    await openMenu(user, PENDING_NAME);
    await user.click(screen.getByRole('menuitem', { name: 'Files' }));
    const files = screen.getByRole('dialog', { name: 'Billing files' });
    expect(await within(files).findByText('No files attached yet.')).toBeTruthy();

    await user.upload(within(files).getByLabelText('File'), new File(['%PDF-1.4'], 'slip.pdf', { type: 'application/pdf' }));
    await user.type(within(files).getByLabelText(/^Name/), 'BDO deposit slip');
    await user.click(within(files).getByRole('button', { name: 'Attach file' }));
    expect(await within(files).findByRole('link', { name: 'BDO deposit slip' })).toBeTruthy();
    const [upload, attach] = api.writes();
    expect(upload).toMatchObject({ method: 'POST', path: '/api/uploads', body: { fileName: 'slip.pdf', path: 'billings' } });
    expect(String((upload!.body as { content: string }).content)).toMatch(/^data:application\/pdf;base64,/);
    expect(attach).toMatchObject({ method: 'PATCH', path: `/api/billings/${PENDING_ID}/attachments`, body: { uploadId: UPLOAD_ID, name: 'BDO deposit slip' } });

    await user.click(within(files).getByRole('button', { name: 'Remove BDO deposit slip' }));
    const confirm = screen.getByRole('dialog', { name: 'Remove this file?' });
    expect(api.writes()).toHaveLength(2);
    await user.click(within(confirm).getByRole('button', { name: 'Remove file' }));
    await waitFor(() =>
      expect(api.changes().at(-1)).toEqual({ method: 'DELETE', path: `/api/billings/${PENDING_ID}/attachments`, body: { attachmentId: ATTACHMENT_ID } }),
    );
    expect(await within(screen.getByRole('dialog', { name: 'Billing files' })).findByText('No files attached yet.')).toBeTruthy();
  });

  it('issues an invoice, then voids it with a reason', async () => {
    const state: { detail: BillingDetailDto } = { detail: { ...pending, shipments: [], payments: [], attachments: [], invoices: [] } };
    const api = server((call) => {
      if (call.path === '/api/invoices') {
        state.detail = { ...state.detail, invoiceNumber: 'INV-000007', invoices: [invoice()] };
        return json({ data: invoice() }, 201);
      }
      const voided = invoice({ voidedAt: '2026-12-03T01:00:00.000Z', voidReason: 'Wrong period' });
      state.detail = { ...state.detail, invoiceNumber: null, invoices: [voided] };
      return json({ data: voided });
    }, state);
    const user = userEvent.setup();
    renderPage();
    await openMenu(user, PENDING_NAME);
    await user.click(screen.getByRole('menuitem', { name: 'View' }));
    const view = screen.getByRole('dialog', { name: 'Billing for Santos Trading' });
    expect(await within(view).findByText('No invoice issued yet.')).toBeTruthy();

    await user.click(within(view).getByRole('button', { name: 'Issue invoice' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Issue an invoice?' })).getByRole('button', { name: 'Issue invoice' }));
    const invoices = await within(view).findByRole('list', { name: 'Invoices' });
    expect(invoices.textContent).toContain('INV-000007');
    expect(within(view).queryByRole('button', { name: 'Issue invoice' })).toBeNull();

    await user.click(within(invoices).getByRole('button', { name: 'Void invoice' }));
    const confirm = screen.getByRole('dialog', { name: 'Void invoice INV-000007?' });
    await user.click(within(confirm).getByRole('button', { name: 'Void invoice' }));
    expect(await within(confirm).findByText('Give the reason for voiding')).toBeTruthy();
    await user.type(within(confirm).getByLabelText('Reason'), 'Wrong period');
    await user.click(within(confirm).getByRole('button', { name: 'Void invoice' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Void invoice INV-000007?' })).toBeNull());

    expect(api.changes()).toEqual([
      { method: 'POST', path: '/api/invoices', body: { billingId: PENDING_ID } },
      { method: 'DELETE', path: `/api/invoices/${INVOICE_ID}`, body: { reason: 'Wrong period' } },
    ]);
    // Voided, it stays listed; a new one may be issued.
    await waitFor(() => expect(within(view).getByRole('list', { name: 'Invoices' }).textContent).toContain('Wrong period'));
    expect(within(view).getByRole('button', { name: 'Issue invoice' })).toBeTruthy();
  });

  it('adds a receivable billing for a client on an invoice account', async () => {
    const business = (id: string, name: string, invoiceBillingEnabled: boolean) => ({
      id,
      name,
      email: null,
      mobileNumber: null,
      tin: null,
      isActive: true,
      owner: null,
      accountManager: null,
      invoiceAccount: { invoiceBillingEnabled, paymentTermsInDays: 30, creditLimitInCents: 0 },
      memberCount: 1,
      defaultAddress: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const api = fakeApi((call) => {
      if (call.path === '/api/businesses')
        return json({ ...emptyPage, data: [business(BUSINESS, 'Santos Trading', true), business(TERESA, 'Cash Only Store', false)], total: 2, totalPages: 1 });
      if (call.method === 'POST') return json({ data: { ...pending, shipments: [], payments: [], attachments: [], invoices: [] } }, 201);
      if (call.path === '/api/billings') return json({ ...emptyPage, limit: 10, counts: { pending: 0, on_going: 0, completed: 0, cancelled: 0 } });
      return json(emptyPage);
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('No data available')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add billing' }));
    const dialog = screen.getByRole('dialog', { name: 'Add billing' });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Santos Trading' })).toBeTruthy());
    // A receivable billing is for a client on an invoice account only.
    expect(within(dialog).queryByRole('option', { name: 'Cash Only Store' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add billing' }));
    expect(await within(dialog).findByText('Choose the first day of the period')).toBeTruthy();
    expect(within(dialog).getByText('Choose a client from the list')).toBeTruthy();
    expect(api.writes()).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Client'), 'Santos Trading');
    await user.type(within(dialog).getByLabelText('Period from'), '2026-11-01');
    await user.type(within(dialog).getByLabelText('Period to'), '2026-11-30');
    await user.type(within(dialog).getByLabelText(/^Notes/), 'November statement');
    await user.click(within(dialog).getByRole('button', { name: 'Add billing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add billing' })).toBeNull());
    expect(api.changes()).toEqual([
      {
        method: 'POST',
        path: '/api/billings',
        body: { billingType: 'receivable', businessId: BUSINESS, periodStart: '2026-11-01', periodEnd: '2026-11-30', notes: 'November statement' },
      },
    ]);
  });

  it('moves a billing on going and cancels one only after confirming', async () => {
    const api = server();
    const user = userEvent.setup();
    renderPage();
    await openMenu(user, PENDING_NAME);
    await user.click(screen.getByRole('menuitem', { name: 'Mark on going' }));
    await waitFor(() => expect(api.changes()).toEqual([{ method: 'PATCH', path: `/api/billings/${PENDING_ID}`, body: { status: 'on_going' } }]));
    await openMenu(user, PENDING_NAME);
    await user.click(screen.getByRole('menuitem', { name: 'Cancel' }));
    expect(api.changes()).toHaveLength(1);
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel this billing?' })).getByRole('button', { name: 'Cancel billing' }));
    await waitFor(() => expect(api.changes()[1]).toEqual({ method: 'PATCH', path: `/api/billings/${PENDING_ID}`, body: { status: 'cancelled' } }));
  });
});

describe('billings in Filipino', () => {
  it('the list, its filters and a billing opened say everything in Filipino, with no English sentence left', async () => {
    const detail: BillingDetailDto = { ...pending, shipments: [], payments: [], attachments: [], invoices: [invoice()] };
    server(undefined, { detail });
    const user = userEvent.setup();
    await activateLanguage('fil');
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mga billing' })).toBeTruthy();
    await screen.findByText('Santos Trading');
    expect(screen.getByRole('tab', { name: /^Nakabinbin/ })).toBeTruthy();
    expect(rowOf('Santos Trading').textContent).toContain('Sisingilin natin');
    expect(rowOf('Jose Rizal').textContent).toContain('Bayad na');
    expect(englishLeftIn(readableText(), 'billings', 'collections', 'shipments')).toEqual([]);

    // The period is said in Filipino too (Nobyembre 01, 2026 – …).
    await user.click(await screen.findByRole('button', { name: /^Mga aksyon para sa Santos Trading, Nobyembre 01, 2026/ }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toContain('Itala ang bayad');
    await user.click(screen.getByRole('menuitem', { name: 'Tingnan' }));
    const view = screen.getByRole('dialog', { name: 'Billing para kay Santos Trading' });
    expect(await within(view).findByText('Walang padala sa panahong ito.')).toBeTruthy();
    expect(within(view).getByText('Wala pang naitalang bayad.')).toBeTruthy();
    expect(englishLeftIn(readableText(view), 'billings', 'collections', 'shipments')).toEqual([]);
  });
});
