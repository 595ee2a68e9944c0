import type { RoleName, TransactionRecordDto, TransactionRowDto, TransactionShipmentDto } from '@hatid/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { AddPaymentModal } from './components/add-payment-modal';
import { EditTransactionModal } from './components/edit-transaction-modal';
import type { PaymentRow } from './components/transaction-columns';
import { VoidPaymentDialog } from './components/void-payment-dialog';
import { fakeApi, json } from '../../testing/fake-api';
import { renderConsoleScreen } from '../../testing/console-screen';
import { TransactionsPage } from './routes/transactions-page';
import { activateLanguage } from '../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../testing/english-left';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const shipment = (overrides: Partial<TransactionShipmentDto> = {}): TransactionShipmentDto => ({
  id: '22222222-2222-4222-8222-222222222222',
  trackingNumber: 'ND123456785PH',
  status: 'Pending',
  deliveryStatus: 'Order placed',
  senderName: 'Ana Cruz',
  receiverName: 'Ben Reyes',
  paidBy: 'recipient',
  paymentMethod: 'cash',
  paymentStatus: 'Pending',
  totalInCents: 25_000,
  createdAt: '2026-11-02T01:00:00.000Z',
  ...overrides,
});

const payment = (overrides: Partial<TransactionRecordDto> = {}): TransactionRecordDto => ({
  id: '33333333-3333-4333-8333-333333333333',
  shipmentId: '44444444-4444-4444-8444-444444444444',
  method: 'gcash',
  amountInCents: 10_000,
  paidBy: 'sender',
  receivedById: '55555555-5555-4555-8555-555555555555',
  receivedByName: 'Rosa Lim',
  receivedAt: '2026-11-03T02:30:00.000Z',
  recordedAt: '2026-11-03T02:30:00.000Z',
  referenceNumber: 'GC-7781',
  remarks: null,
  voidedAt: null,
  voidReason: null,
  shortInCents: null,
  shortReason: null,
  proofUploadId: null,
  proofUrl: null,
  meta: {},
  voidedById: null,
  voidedByName: null,
  ...overrides,
});

const paymentRow = (t: Partial<TransactionRecordDto> = {}): PaymentRow => ({
  transaction: payment(t),
  shipment: shipment({ id: '44444444-4444-4444-8444-444444444444', trackingNumber: 'ND987654321PH', paymentStatus: 'Partially Paid' }),
});

const page = (rows: TransactionRowDto[]) => ({ data: rows, page: 1, limit: 10, total: rows.length, totalPages: rows.length ? 1 : 0, hasNextPage: false });
const amountPaid = (balanceInCents: number) => ({
  data: {
    shipmentId: shipment().id,
    trackingNumber: shipment().trackingNumber,
    totalInCents: 25_000,
    amountPaidInCents: 25_000 - balanceInCents,
    balanceInCents,
    paymentStatus: 'Pending',
    payments: 0,
    voidedPayments: 0,
  },
});

describe('add payment', () => {
  it('prefills the balance, sends centavos with an Idempotency-Key, and keeps the key for a retry after a refusal', async () => {
    let refused = false;
    const api = fakeApi((call) => {
      if (call.path.startsWith('/api/transaction/amount-paid/')) return json(amountPaid(25_000));
      if (!refused) {
        refused = true;
        const message = 'That is more than the balance of ₱250.00';
        return json({ statusCode: 422, code: 'RULE_BROKEN', message, details: [{ field: 'amountInCents', message }] }, 422);
      }
      return json({ data: { transaction: payment(), paymentStatus: 'Partially Paid', balanceInCents: 14_950 } }, 201);
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AddPaymentModal shipment={shipment()} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add payment for ND123456785PH' });

    expect(await within(dialog).findByText('₱250.00', { selector: '[data-testid=payment-balance]' })).toBeTruthy();
    const amount = within(dialog).getByLabelText('Amount (₱)');
    await waitFor(() => expect(amount).toHaveProperty('value', '250.00'));
    // The shipment's own method is chosen; the wallet is never offered.
    const method = within(dialog).getByLabelText('Payment method');
    expect(method).toHaveProperty('value', 'cash');
    expect(within(method).queryByRole('option', { name: 'Wallet' })).toBeNull();

    await user.selectOptions(method, 'gcash');
    await user.clear(amount);
    await user.type(amount, '300');
    await user.type(within(dialog).getByLabelText(/^Reference number/), ' GC-7781 ');
    await user.click(within(dialog).getByRole('button', { name: 'Add payment' }));

    // The server's refusal sits under the amount, and the modal stays open.
    expect(await within(dialog).findByText('That is more than the balance of ₱250.00')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();

    await user.clear(amount);
    await user.type(amount, '100.50');
    await user.click(within(dialog).getByRole('button', { name: 'Add payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    const [first, second] = api.writes();
    expect(second).toMatchObject({
      method: 'POST',
      path: '/api/transaction/add-payment',
      body: { shipmentId: shipment().id, method: 'gcash', amountInCents: 10_050, referenceNumber: 'GC-7781' },
    });
    expect(first!.body).toMatchObject({ amountInCents: 30_000 });
    expect(second!.idempotencyKey).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
    // Nothing was recorded the first time: the retry is the same attempt.
    expect(first!.idempotencyKey).toBe(second!.idempotencyKey);
  });

  it('says what is missing and sends nothing', async () => {
    const api = fakeApi(() => json(amountPaid(0)));
    const user = userEvent.setup();
    renderWithProviders(<AddPaymentModal shipment={shipment({ paymentMethod: 'wallet' })} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Add payment for ND123456785PH' });
    await within(dialog).findByText('₱0.00', { selector: '[data-testid=payment-balance]' });
    await user.click(within(dialog).getByRole('button', { name: 'Add payment' }));
    expect(await within(dialog).findByText('Choose how it was paid')).toBeTruthy();
    expect(within(dialog).getByText('Enter the amount')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Amount (₱)'), '10.555');
    await user.click(within(dialog).getByRole('button', { name: 'Add payment' }));
    expect(await within(dialog).findByText('Value must have at most 2 decimal places')).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });
});

describe('void payment', () => {
  it('asks for a reason before sending, and shows the server’s refusal', async () => {
    const message = 'This cash is in a hand-over to the hub (pending): cancel that collection first';
    const api = fakeApi(() => json({ statusCode: 409, code: 'CONFLICT', message }, 409));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<VoidPaymentDialog row={paymentRow({ method: 'cash' })} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Void this payment?' });

    await user.click(within(dialog).getByRole('button', { name: 'Void payment' }));
    expect(await within(dialog).findByText('Say why the payment is voided')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Void payment' }));
    expect(within(dialog).getByText('Say why the payment is voided')).toBeTruthy();
    expect(api.calls).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), ' — counted twice');
    await user.click(within(dialog).getByRole('button', { name: 'Void payment' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(api.writes()).toMatchObject([{ method: 'POST', path: `/api/transaction/void-payment/${payment().id}`, body: { reason: 'ok — counted twice' } }]);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('edit payment', () => {
  it('changes remarks and replaces the details whole, keeping a stored number a number', async () => {
    const api = fakeApi(() => json({ data: payment() }));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<EditTransactionModal row={paymentRow({ meta: { Bank: 'BPI', Branch: 'Makati', Account: 1234 } })} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit ₱100.00 payment for ND987654321PH' });

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Nothing has changed.')).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/^Remarks/), 'Deposit slip checked');
    await user.click(within(dialog).getByRole('button', { name: 'Remove detail 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add detail' }));
    await user.type(within(dialog).getByLabelText('Name 3'), '9 lives');
    await user.type(within(dialog).getByLabelText('Value 3'), '0917 123 4567');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Name a detail with letters, digits, spaces, _ . and -')).toBeTruthy();
    expect(api.writes()).toEqual([]);

    const name = within(dialog).getByLabelText('Name 3');
    await user.clear(name);
    await user.type(name, 'GCash number');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.writes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'PUT', path: `/api/transaction/remarks/${payment().id}`, body: { remarks: 'Deposit slip checked' } },
      { method: 'PUT', path: `/api/transaction/meta/${payment().id}`, body: { meta: { Bank: 'BPI', Account: 1234, 'GCash number': '0917 123 4567' } } },
    ]);
  });

  it('offers only the remarks on a voided payment', async () => {
    const api = fakeApi(() => json({ data: payment() }));
    const user = userEvent.setup();
    renderWithProviders(
      <EditTransactionModal row={paymentRow({ voidedAt: '2026-11-04T00:00:00.000Z', voidReason: 'Counted twice', meta: { Bank: 'BPI' } })} onClose={vi.fn()} />,
    );
    const dialog = screen.getByRole('dialog', { name: /^Edit/ });
    expect(within(dialog).getByText('This payment is voided: only its remarks can change.')).toBeTruthy();
    expect(within(dialog).queryByRole('group', { name: 'Details' })).toBeNull();
    expect(within(dialog).queryByLabelText(/Proof of payment/)).toBeNull();
    await user.type(within(dialog).getByLabelText(/^Remarks/), 'Refunded in cash');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'PUT', path: `/api/transaction/remarks/${payment().id}` });
  });
});

describe('transactions page', () => {
  /** A small desk: one payment, one shipment without any; adding a payment moves the shipment over. */
  function deskServer() {
    const payments: TransactionRowDto[] = [paymentRow()];
    let unpaid: TransactionRowDto[] = [{ transaction: null, shipment: shipment() }];
    return fakeApi((call) => {
      if (call.path === '/api/transaction/unique-payment-types') return json({ data: ['gcash'] });
      if (call.path.startsWith('/api/transaction/amount-paid/')) return json(amountPaid(25_000));
      if (call.path === '/api/transaction/add-payment') {
        const t = payment({ id: '66666666-6666-4666-8666-666666666666', shipmentId: shipment().id, amountInCents: 25_000, method: 'cash' });
        payments.unshift({ transaction: t, shipment: { ...shipment(), paymentStatus: 'Paid' } });
        unpaid = [];
        return json({ data: { transaction: t, paymentStatus: 'Paid', balanceInCents: 0 } }, 201);
      }
      if (call.path === '/api/transaction') {
        const search = call.query.get('search') ?? '';
        const rows = (call.query.get('filter') === 'no_transactions' ? unpaid : payments).filter((r) => r.shipment.trackingNumber.startsWith(search));
        return json(page(rows));
      }
      return json({ statusCode: 404, code: 'NOT_FOUND', message: `No ${call.path}` }, 404);
    });
  }

  function renderPage(url: string, roles: RoleName[] = ['staff']) {
    return renderConsoleScreen(url, '/transactions', <TransactionsPage />, roles);
  }

  it('moves a shipment from "without transactions" to the payments once a payment is added, with both counts', async () => {
    const api = deskServer();
    const user = userEvent.setup();
    const { location } = renderPage('/transactions');

    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeTruthy();
    expect(screen.getByText('Payments received for shipments.')).toBeTruthy();
    const allTab = screen.getByRole('tab', { name: /View All Transactions/ });
    const unpaidTab = screen.getByRole('tab', { name: /Show shipments without transactions/ });
    await waitFor(() => expect(allTab.textContent).toBe('View All Transactions1'));
    await waitFor(() => expect(unpaidTab.textContent).toBe('Show shipments without transactions1'));
    const paymentRowEl = screen.getByRole('row', { name: /ND987654321PH/ });
    expect(within(paymentRowEl).getByRole('link', { name: 'ND987654321PH' }).getAttribute('href')).toBe('/shipments/ND987654321PH');
    expect(paymentRowEl.textContent).toContain('₱100.00');
    expect(paymentRowEl.textContent).toContain('GCash');
    expect(paymentRowEl.textContent).toContain('Valid');

    await user.click(unpaidTab);
    await waitFor(() => expect(location().get('tab')).toBe('no_transactions'));
    // The payment filters belong to the payments tab.
    expect(screen.queryByLabelText('Payment type')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Add payment for ND123456785PH' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment for ND123456785PH' });
    await waitFor(() => expect(within(dialog).getByLabelText('Amount (₱)')).toHaveProperty('value', '250.00'));
    await user.click(within(dialog).getByRole('button', { name: 'Add payment' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('No data available')).toBeTruthy();
    await waitFor(() => expect(unpaidTab.textContent).toBe('Show shipments without transactions0'));
    await waitFor(() => expect(allTab.textContent).toBe('View All Transactions2'));
    expect(api.writes()).toMatchObject([{ path: '/api/transaction/add-payment', body: { shipmentId: shipment().id, method: 'cash', amountInCents: 25_000 } }]);
  });

  it('keeps the filters in the address, sends them, and clears them all at once', async () => {
    const api = deskServer();
    const user = userEvent.setup();
    const { location } = renderPage('/transactions?search=XX&transactionStatus=voided&startDate=2026-11-01');
    expect(await screen.findByText('No data available')).toBeTruthy();
    expect(screen.getByLabelText('Status')).toHaveProperty('value', 'voided');
    const lastList = () => api.calls.filter((c) => c.path === '/api/transaction' && c.query.get('filter') === 'all').at(-1)!;
    expect(Object.fromEntries(lastList().query)).toMatchObject({ search: 'XX', transactionStatus: 'voided', startDate: '2026-11-01', filter: 'all' });

    await user.selectOptions(screen.getByLabelText('Payment type'), 'gcash');
    await waitFor(() => expect(location().get('paymentType')).toBe('gcash'));
    await waitFor(() => expect(lastList().query.get('paymentType')).toBe('gcash'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect([...location().keys()]).toEqual([]));
    expect(await screen.findByRole('row', { name: /ND987654321PH/ })).toBeTruthy();
  });

  it('gives staff View, Edit and Void on a payment, Void disabled once voided', async () => {
    fakeApi((call) => {
      if (call.path === '/api/transaction') {
        return json(
          page(
            call.query.get('filter') === 'all'
              ? [
                  paymentRow(),
                  paymentRow({
                    id: '77777777-7777-4777-8777-777777777777',
                    voidedAt: '2026-11-04T00:00:00.000Z',
                    voidedByName: 'Rosa Lim',
                    voidReason: 'Counted twice',
                  }),
                ]
              : [],
          ),
        );
      }
      return json({ data: [] });
    });
    const user = userEvent.setup();
    renderPage('/transactions');
    const menus = await screen.findAllByRole('button', { name: 'Actions for the ₱100.00 payment for ND987654321PH' });
    await user.click(menus[0]!);
    expect(screen.getAllByRole('menuitem').map((item) => `${item.textContent}${item.getAttribute('aria-disabled') ? ' (disabled)' : ''}`)).toEqual([
      'View',
      'Edit',
      'Void',
    ]);
    await user.keyboard('{Escape}');
    await user.click(menus[1]!);
    expect(screen.getAllByRole('menuitem').map((item) => `${item.textContent}${item.getAttribute('aria-disabled') ? ' (disabled)' : ''}`)).toEqual([
      'View',
      'Edit',
      'Void (disabled)',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'View' }));
    const view = await screen.findByRole('dialog', { name: '₱100.00 payment for ND987654321PH' });
    expect(within(view).getByText('Counted twice')).toBeTruthy();
    expect(within(view).getByText('Void reason')).toBeTruthy();
  });

  it('reads in Filipino on both tabs, with no English sentence left (issue 32)', async () => {
    await activateLanguage('fil');
    deskServer();
    const user = userEvent.setup();
    renderPage('/transactions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mga transaksyon' })).toBeTruthy();
    const paymentRowEl = await screen.findByRole('row', { name: /ND987654321PH/ });
    expect(paymentRowEl.textContent).toContain('May bisa');
    expect(englishLeftIn(readableText(), 'transactions')).toEqual([]);

    await user.click(screen.getByRole('tab', { name: /Ipakita ang mga padalang walang transaksyon/ }));
    const unpaidRow = await screen.findByRole('row', { name: /ND123456785PH/ });
    expect(within(unpaidRow).getByRole('button', { name: 'Magdagdag ng bayad para sa ND123456785PH' })).toBeTruthy();
    expect(englishLeftIn(readableText(), 'transactions')).toEqual([]);
  });
});
