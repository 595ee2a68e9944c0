import type { BulkBatchDto } from '@hatid/domain';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../testing/english-left';
import { json } from '../../testing/fake-api';
import { renderWithProviders } from '../../testing/render';
import { BulkBookingPage } from './routes/bulk-booking-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const batch = (overrides: Partial<BulkBatchDto>): BulkBatchDto => ({
  id: '44444444-4444-4444-8444-444444444444',
  fileName: 'orders.csv',
  state: 'checking',
  ownerId: '11111111-1111-4111-8111-111111111111',
  totalRows: 3,
  checkedRows: 0,
  validRows: 0,
  bookedRows: 0,
  totalInCents: 0,
  wrongRows: [],
  failures: [],
  createdAt: '2026-11-28T00:00:00.000Z',
  confirmedAt: null,
  finishedAt: null,
  ...overrides,
});

describe('bulk booking screen', () => {
  it('uploads the file, shows each wrong row with its number and reasons and the total of the rest, then books once confirmed', async () => {
    let state: BulkBatchDto = batch({});
    const sent: { method: string; path: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://hatid.test').pathname;
      const method = init?.method ?? 'GET';
      sent.push({ method, path, body: init?.body });
      if (method === 'POST' && path === '/api/bulk-bookings') {
        state = batch({
          state: 'checked',
          checkedRows: 3,
          validRows: 2,
          totalInCents: 46000,
          wrongRows: [{ row: 3, reasons: ['Receiver mobile: Enter a valid mobile number'] }],
        });
        return json({ data: batch({}) }, 202);
      }
      if (method === 'POST' && path.endsWith('/confirm')) {
        state = batch({ ...state, state: 'booked', bookedRows: 2, confirmedAt: '2026-11-28T00:01:00.000Z' });
        return json({ data: state }, 202);
      }
      return json({ data: state });
    });
    const user = userEvent.setup();
    renderWithProviders(<BulkBookingPage />);

    await user.upload(screen.getByLabelText('Spreadsheet (CSV or XLSX)'), new File(['Delivery type\n'], 'orders.csv', { type: 'text/csv' }));
    const upload = sent.find((c) => c.method === 'POST');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload!.body as FormData).get('file')).toBeInstanceOf(File);

    expect((await screen.findByText(/rows can be booked/)).textContent).toBe('2 of 3 rows can be booked, for ₱460.00. 1 row needs fixing.');
    const table = screen.getByRole('table', { name: 'Rows to fix' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toBe('3Receiver mobile: Enter a valid mobile number');
    expect(sent.some((c) => c.path.endsWith('/confirm'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Book 2 parcels' }));
    expect((await screen.findByText(/Booked/)).textContent).toBe('Booked 2 parcels.');
    expect(screen.getByRole('button', { name: 'Download all waybills (PDF)' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Download tracking numbers (CSV)' })).toHaveProperty('disabled', false);
    expect(sent.filter((c) => c.path.endsWith('/confirm'))).toHaveLength(1);
  });

  it('walks a customer through the same upload and booking in Filipino, with no English sentence of the screen left', async () => {
    let state: BulkBatchDto = batch({});
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://hatid.test').pathname;
      const method = init?.method ?? 'GET';
      if (method === 'POST' && path === '/api/bulk-bookings') {
        state = batch({ state: 'checked', checkedRows: 3, validRows: 2, totalInCents: 46000, wrongRows: [{ row: 3, reasons: ['—'] }] });
        return json({ data: batch({}) }, 202);
      }
      if (method === 'POST' && path.endsWith('/confirm')) {
        state = batch({ ...state, state: 'booked', bookedRows: 2, confirmedAt: '2026-11-28T00:01:00.000Z' });
        return json({ data: state }, 202);
      }
      return json({ data: state });
    });
    await activateLanguage('fil');
    const user = userEvent.setup();
    renderWithProviders(<BulkBookingPage />);
    expect(screen.getByRole('heading', { name: 'Maramihang booking' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I-download ang XLSX' })).toBeTruthy();
    expect(englishLeftIn(readableText(), 'bulk-bookings')).toEqual([]);

    await user.upload(screen.getByLabelText('Spreadsheet (CSV o XLSX)'), new File(['Delivery type\n'], 'orders.csv', { type: 'text/csv' }));
    expect((await screen.findByText(/puwedeng i-book/)).textContent).toBe('2 sa 3 row ang puwedeng i-book, sa halagang ₱460.00. 1 row ang kailangang ayusin.');
    expect(screen.getByRole('table', { name: 'Mga row na aayusin' })).toBeTruthy();
    expect(englishLeftIn(readableText(), 'bulk-bookings')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'I-book ang 2 parcel' }));
    expect((await screen.findByText(/Na-book/)).textContent).toBe('Na-book ang 2 parcel.');
    expect(screen.getByRole('button', { name: 'I-download ang lahat ng waybill (PDF)' })).toBeTruthy();
    expect(englishLeftIn(readableText(), 'bulk-bookings')).toEqual([]);
  });

  it('says why a file was refused', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json(
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'x',
          details: [{ field: 'file', message: 'Columns missing: Payer. Download the template and keep its header row.' }],
        },
        400,
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<BulkBookingPage />);
    await user.upload(screen.getByLabelText('Spreadsheet (CSV or XLSX)'), new File(['x'], 'x.csv', { type: 'text/csv' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Columns missing: Payer. Download the template and keep its header row.');
  });
});
