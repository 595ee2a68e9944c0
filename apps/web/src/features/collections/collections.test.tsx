import { defineAbilityFor, s10CheckDigit, type CollectionDto, type OutstandingCashDto, type RoleName } from '@hatid/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../testing/english-left';
import { renderWithProviders } from '../../testing/render';
import { AddCollectionModal } from './components/add-collection-modal';
import { collectionMenuItems } from './lib/collection-actions';
import { parseCollectionsSearch } from './lib/collections-search';
import { fakeApi, json, type FakeCall } from '../../testing/fake-api';
import { renderConsoleScreen } from '../../testing/console-screen';
import { CashCollectionsPage } from './routes/collections-page';

beforeAll(() => {
  // The router scrolls on navigation; jsdom has no scrolling.
  window.scrollTo = vi.fn() as never;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const tn = (serial: string) => `ND${serial}${s10CheckDigit(serial)}PH`;
const [A, B, C] = [tn('10000001'), tn('10000002'), tn('10000003')];
const RAMON = '11111111-1111-4111-8111-111111111111';
const NINA = '22222222-2222-4222-8222-222222222222';
const CEBU = '0722000000';

const people: OutstandingCashDto['people'] = [
  { userId: RAMON, name: 'Ramon Aquino', pickupInCents: 0, deliveryInCents: 135_000, shipments: 3 },
  { userId: NINA, name: 'Nina Castillo', pickupInCents: 40_000, deliveryInCents: 0, shipments: 1 },
];
const ramonsShipments: OutstandingCashDto['shipments'] = [
  {
    shipmentId: 's1',
    trackingNumber: A,
    source: 'delivery',
    amountInCents: 50_000,
    receivedAt: '2026-11-03T02:00:00.000Z',
    shortInCents: null,
    shortReason: null,
  },
  {
    shipmentId: 's2',
    trackingNumber: B,
    source: 'delivery',
    amountInCents: 60_000,
    receivedAt: '2026-11-03T03:00:00.000Z',
    shortInCents: null,
    shortReason: null,
  },
  {
    shipmentId: 's3',
    trackingNumber: C,
    source: 'delivery',
    amountInCents: 25_000,
    receivedAt: '2026-11-03T04:00:00.000Z',
    shortInCents: null,
    shortReason: null,
  },
];

/** GET /collections/outstanding as the server answers it: everyone, or one person's shipments of one leg. */
function outstanding(call: FakeCall): Response {
  const who = call.query.get('collectedFromId');
  if (!who) return json({ data: { people, shipments: [] } });
  const source = call.query.get('source');
  const shipments = who === RAMON ? ramonsShipments.filter((s) => !source || s.source === source) : [];
  return json({ data: { people: people.filter((p) => p.userId === who), shipments } });
}

const provinces = [
  { provinceCode: '1300000000', name: 'Metro Manila', partnerStatus: 'direct', retrievalFeeInCents: 0, isIntraCityEnabled: true },
  { provinceCode: CEBU, name: 'Cebu', partnerStatus: 'direct', retrievalFeeInCents: 0, isIntraCityEnabled: true },
];

const collection = (overrides: Partial<CollectionDto> = {}): CollectionDto => ({
  id: '33333333-3333-4333-8333-333333333333',
  collectedFromId: RAMON,
  collectedFromName: 'Ramon Aquino',
  receivedById: null,
  receivedByName: null,
  source: 'delivery',
  status: 'pending',
  amountInCents: 110_000,
  location: CEBU,
  locationName: 'Cebu',
  remarks: null,
  shipments: [
    { shipmentId: 's1', trackingNumber: A, amountInCents: 50_000 },
    { shipmentId: 's2', trackingNumber: B, amountInCents: 60_000 },
  ],
  createdByName: 'Teresa Reyes',
  createdAt: '2026-11-04T01:00:00.000Z',
  updatedAt: '2026-11-04T01:00:00.000Z',
  completedAt: null,
  cancelledAt: null,
  ...overrides,
});

describe('add collection modal', () => {
  it("ticks all of the person's shipments of that leg, totals the ticked ones and sends their tracking numbers", async () => {
    const api = fakeApi((call) => {
      if (call.path === '/api/collections/outstanding') return outstanding(call);
      if (call.path === '/api/addresses/covered-provinces') return json({ data: provinces });
      return json({ data: collection({ amountInCents: 75_000 }) }, 201);
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AddCollectionModal prefill={{ collectedFromId: RAMON, name: 'Ramon Aquino', source: 'delivery' }} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add collection' });
    const total = within(dialog).getByTestId('collection-total');

    await waitFor(() => expect(within(dialog).getAllByRole('checkbox', { checked: true })).toHaveLength(4));
    expect(within(dialog).getByRole('checkbox', { name: 'Select all (3 shipments)' })).toBeTruthy();
    expect(total.textContent).toBe('₱1,350.00');
    expect(api.calls.some((c) => c.query.get('collectedFromId') === RAMON && c.query.get('source') === 'delivery')).toBe(true);

    await user.click(within(dialog).getByRole('checkbox', { name: B }));
    expect(total.textContent).toBe('₱750.00');
    expect(within(dialog).getByText(/2 of 3 shipments/)).toBeTruthy();

    await user.selectOptions(within(dialog).getByLabelText(/^Location/), 'Cebu');
    await user.type(within(dialog).getByLabelText(/^Remarks/), 'Counted at the Cebu hub');
    await user.click(within(dialog).getByRole('button', { name: 'Add collection' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.changes()).toEqual([
      {
        method: 'POST',
        path: '/api/collections',
        body: { collectedFromId: RAMON, source: 'delivery', trackingNumbers: [A, C], location: CEBU, remarks: 'Counted at the Cebu hub' },
      },
    ]);
  });

  it('sends nothing with no shipment ticked, and shows the server refusing a shipment handed over meanwhile', async () => {
    const message = `${B} has no cash on delivery of Ramon Aquino to hand over`;
    // Someone else records B's cash while the modal is open: the server refuses it, and it is no longer listed.
    let bHandedOver = false;
    const api = fakeApi((call) => {
      if (call.path === '/api/collections/outstanding') {
        if (!bHandedOver) return outstanding(call);
        const shipments = call.query.get('collectedFromId') ? ramonsShipments.filter((s) => s.trackingNumber !== B) : [];
        return json({ data: { people, shipments } });
      }
      if (call.path === '/api/addresses/covered-provinces') return json({ data: provinces });
      if (!bHandedOver) {
        bHandedOver = true;
        return json({ statusCode: 422, code: 'RULE_BROKEN', message, details: [{ field: 'trackingNumbers.1', message }] }, 422);
      }
      return json({ data: collection({ amountInCents: 75_000 }) }, 201);
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AddCollectionModal prefill={null} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add collection' });

    // Choosing the person picks the leg they hold cash of; their shipments come ticked.
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Ramon Aquino' })).toBeTruthy());
    await user.selectOptions(within(dialog).getByLabelText('Handed over by'), 'Ramon Aquino');
    expect((within(dialog).getByLabelText('Source') as HTMLSelectElement).value).toBe('delivery');
    const all = await within(dialog).findByRole('checkbox', { name: 'Select all (3 shipments)' });
    await waitFor(() => expect((all as HTMLInputElement).checked).toBe(true));

    await user.click(all);
    expect(within(dialog).getByTestId('collection-total').textContent).toBe('₱0.00');
    await user.click(within(dialog).getByRole('button', { name: 'Add collection' }));
    expect(await within(dialog).findByText('Choose at least one shipment')).toBeTruthy();
    expect(api.changes()).toEqual([]);

    await user.click(all);
    await user.click(within(dialog).getByRole('button', { name: 'Add collection' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Shipments' }).textContent).toContain(message);
    expect(onClose).not.toHaveBeenCalled();

    // The list is asked again: B is gone and unticked, the others stay ticked.
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: B })).toBeNull());
    expect(within(dialog).getByTestId('collection-total').textContent).toBe('₱750.00');
    await user.click(within(dialog).getByRole('button', { name: 'Add collection' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.changes().map((w) => w.body)).toEqual([
      { collectedFromId: RAMON, source: 'delivery', trackingNumbers: [A, B, C] },
      { collectedFromId: RAMON, source: 'delivery', trackingNumbers: [A, C] },
    ]);
  });
});

describe('collection row menu', () => {
  const labels = (status: CollectionDto['status'], roles: RoleName[] = ['staff']) =>
    collectionMenuItems({ status }, defineAbilityFor({ roles })).map((item) => item.label);

  it('offers only the moves COLLECTION_MOVES allows, and none once completed or cancelled', () => {
    expect(labels('pending')).toEqual(['View', 'Mark on going', 'Mark completed', 'Cancel']);
    expect(labels('on_going')).toEqual(['View', 'Mark completed', 'Cancel']);
    expect(labels('completed')).toEqual(['View']);
    expect(labels('cancelled')).toEqual(['View']);
  });

  it('offers nothing to a role without the collections', () => {
    expect(labels('pending', ['ssp'])).toEqual([]);
    expect(labels('pending', ['admin'])).toEqual(['View', 'Mark on going', 'Mark completed', 'Cancel']);
  });
});

describe('cash collections address', () => {
  it('reads the tab and filters leniently', () => {
    expect(
      parseCollectionsSearch({ tab: 'on_going', source: 'pickup', partner: RAMON, location: CEBU, startDate: '2026-11-01', endDate: '2026-11-30', page: '2' }),
    ).toEqual({
      tab: 'on_going',
      source: 'pickup',
      partner: RAMON,
      location: CEBU,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      page: 2,
    });
    expect(
      parseCollectionsSearch({ tab: 'done', source: 'wallet', partner: 'ramon', location: 'Cebu', startDate: '2026-11-30', endDate: '2026-11-01' }),
    ).toEqual({ startDate: '2026-11-30' });
  });
});

describe('cash collections page', () => {
  const pending = collection();
  const done = collection({
    id: '44444444-4444-4444-8444-444444444444',
    collectedFromId: NINA,
    collectedFromName: 'Nina Castillo',
    source: 'pickup',
    status: 'completed',
    amountInCents: 40_000,
    receivedById: '55555555-5555-4555-8555-555555555555',
    receivedByName: 'Teresa Reyes',
    completedAt: '2026-11-04T05:00:00.000Z',
    shipments: [{ shipmentId: 's9', trackingNumber: tn('20000001'), amountInCents: 40_000 }],
  });

  function server(write: (call: FakeCall) => Response = () => json({ data: pending })) {
    return fakeApi((call) => {
      if (call.method !== 'GET') return write(call);
      if (call.path === '/api/collections/outstanding') return outstanding(call);
      if (call.path === '/api/addresses/covered-provinces') return json({ data: provinces });
      if (call.path.startsWith('/api/users/by-role/')) return json({ data: [], page: 1, limit: 100, total: 0, totalPages: 0, hasNextPage: false });
      if (call.path === '/api/collections') {
        const status = call.query.get('status');
        const rows = [pending, done].filter((c) => !status || c.status === status);
        return json({ data: rows, page: 1, limit: Number(call.query.get('limit')), total: rows.length, totalPages: rows.length ? 1 : 0, hasNextPage: false });
      }
      return json({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, 404);
    });
  }

  function renderPage(url = '/cash-collections', roles: RoleName[] = ['staff']) {
    return renderConsoleScreen(url, '/cash-collections', <CashCollectionsPage />, roles);
  }

  const rowOf = (name: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(name))!;

  it('shows who holds cash and the hand-overs with their status counts; a completed one offers View only', async () => {
    const api = server();
    const user = userEvent.setup();
    renderPage('/cash-collections?source=delivery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cash collections' })).toBeTruthy();

    const holders = await screen.findByRole('list', { name: 'Outstanding cash by person' });
    const ramon = within(holders).getAllByRole('listitem')[0]!;
    expect(ramon.textContent).toContain('Ramon Aquino');
    expect(ramon.textContent).toContain('₱1,350.00');
    expect(within(holders).getByRole('button', { name: 'Record hand-over from Nina Castillo' })).toBeTruthy();

    await screen.findByText('Nina Castillo', { selector: 'td span' });
    // The filter in the address reaches the server, for the list and for every tab's count.
    const lists = api.calls.filter((c) => c.path === '/api/collections');
    expect(lists.every((c) => c.query.get('collectionsSource') === 'delivery')).toBe(true);
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Pending/ }).textContent).toBe('Pending1'));
    expect(screen.getByRole('tab', { name: /^All/ }).textContent).toBe('All2');
    expect(screen.getByRole('tab', { name: /^Cancelled/ }).textContent).toBe('Cancelled0');

    await user.click(within(rowOf('Nina Castillo')).getByRole('button', { name: 'Actions for the ₱400.00 hand-over by Nina Castillo' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View']);
    await user.click(screen.getByRole('menuitem', { name: 'View' }));
    const view = screen.getByRole('dialog', { name: 'Collection from Nina Castillo' });
    expect(
      within(view)
        .getByRole('link', { name: tn('20000001') })
        .getAttribute('href'),
    ).toBe(`/shipments/${tn('20000001')}`);
    expect(view.textContent).toContain('Teresa Reyes');
  });

  it('moves a pending hand-over on going, and cancels one only after confirming', async () => {
    const api = server();
    const user = userEvent.setup();
    renderPage();
    const menu = await screen.findByRole('button', { name: 'Actions for the ₱1,100.00 hand-over by Ramon Aquino' });
    await user.click(menu);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View', 'Mark on going', 'Mark completed', 'Cancel']);
    await user.click(screen.getByRole('menuitem', { name: 'Mark on going' }));
    await waitFor(() => expect(api.changes()).toEqual([{ method: 'PATCH', path: '/api/collections/status', body: { id: pending.id, status: 'on_going' } }]));

    await user.click(menu);
    await user.click(screen.getByRole('menuitem', { name: 'Cancel' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel this collection?' });
    expect(api.changes()).toHaveLength(1);
    await user.type(within(confirm).getByLabelText(/^Reason/), 'Counted wrong');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel collection' }));
    await waitFor(() =>
      expect(api.changes()[1]).toEqual({
        method: 'PATCH',
        path: '/api/collections/status',
        body: { id: pending.id, status: 'cancelled', remarks: 'Counted wrong' },
      }),
    );
  });

  it('marks the ticked hand-overs completed and lists each one refused, keeping it ticked', async () => {
    const api = server(() => json({ data: { updated: [pending.id], failed: [{ id: done.id, message: 'This collection is already completed' }] } }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'Actions for the ₱1,100.00 hand-over by Ramon Aquino' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected rows' })).getByRole('button', { name: 'Mark completed' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Mark 2 collections completed?' })).getByRole('button', { name: 'Mark completed' }));

    const refused = await screen.findByRole('list', { name: 'Refused collections' });
    expect(refused.textContent).toBe('₱400.00 hand-over by Nina Castillo: This collection is already completed');
    expect(screen.getByText(/1 collection completed\. 1 refused/)).toBeTruthy();
    expect(api.changes()).toEqual([{ method: 'PATCH', path: '/api/collections/bulk-status', body: { ids: [pending.id, done.id], status: 'completed' } }]);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Mark completed' }))
        .getAllByRole('button', { name: 'Close' })
        .at(-1)!,
    );
    expect((within(rowOf('Nina Castillo')).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect((within(rowOf('Ramon Aquino')).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it('opens the add collection modal for the person whose hand-over is recorded', async () => {
    server();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Record hand-over from Nina Castillo' }));
    const dialog = screen.getByRole('dialog', { name: 'Add collection' });
    expect((within(dialog).getByLabelText('Handed over by') as HTMLSelectElement).value).toBe(NINA);
    expect((within(dialog).getByLabelText('Source') as HTMLSelectElement).value).toBe('pickup');
  });

  it('says the outstanding cash, the hand-overs and the add modal in Filipino, with no English sentence left', async () => {
    server();
    const user = userEvent.setup();
    await activateLanguage('fil');
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mga cash collection' })).toBeTruthy();
    const holders = await screen.findByRole('list', { name: 'Cash na hindi pa naiaabot, bawat tao' });
    expect(within(holders).getByRole('button', { name: 'Itala ang pag-abot ni Nina Castillo' })).toBeTruthy();
    await screen.findByText('Nina Castillo', { selector: 'td span' });
    expect(rowOf('Nina Castillo').textContent).toContain('Kumpleto');
    expect(rowOf('Nina Castillo').textContent).toContain('Cash pagka-pick up');
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Nakabinbin/ }).textContent).toBe('Nakabinbin1'));
    expect(englishLeftIn(readableText(), 'collections', 'shipments')).toEqual([]);

    await user.click(within(holders).getByRole('button', { name: 'Itala ang pag-abot ni Ramon Aquino' }));
    const dialog = screen.getByRole('dialog', { name: 'Magdagdag ng collection' });
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: 'Piliin lahat (3 padala)' })).toBeTruthy());
    expect(englishLeftIn(readableText(dialog), 'collections', 'shipments')).toEqual([]);
  });
});
