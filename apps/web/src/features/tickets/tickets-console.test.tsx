import type { RoleName, TicketDto, TicketStatus } from '@hatid/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, type FakeCall } from '../../testing/fake-api';
import { renderWithProviders } from '../../testing/render';
import { TicketEditModal } from './components/ticket-edit-modal';
import { renderConsoleScreen } from '../../testing/console-screen';
import { TicketsPage } from './routes/tickets-page';
import { activateLanguage } from '../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../testing/english-left';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ME = { id: '11111111-1111-4111-8111-111111111111', name: 'Sam Staff' };
const TESS = { id: '22222222-2222-4222-8222-222222222222', name: 'Tess Support' };

const ticket = (overrides: Partial<TicketDto> = {}): TicketDto => ({
  id: '33333333-3333-4333-8333-333333333333',
  subject: 'Parcel not picked up',
  description: 'The rider never came for my parcel yesterday.',
  status: 'open',
  shipmentId: '44444444-4444-4444-8444-444444444444',
  trackingNumber: 'ND123456785PH',
  createdById: '55555555-5555-4555-8555-555555555555',
  createdByName: 'Rosa Mendoza',
  assignedToId: null,
  assignedToName: null,
  resolvedAt: null,
  closedAt: null,
  createdAt: '2026-11-02T01:00:00.000Z',
  updatedAt: '2026-11-02T01:30:00.000Z',
  ...overrides,
});

const page = <T,>(rows: T[], total = rows.length, limit = 10) => ({
  data: rows,
  page: 1,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
  hasNextPage: false,
});
const option = (p: { id: string; name: string }) => ({ ...p, email: null, roles: [{ id: 3, name: 'staff' }] });

/** Totals per status that differ from the rows on the page: the tabs must show `total`. */
const TOTALS: Record<TicketStatus | 'all', number> = { all: 57, open: 31, in_progress: 12, resolved: 9, closed: 5 };

function helpDesk(
  patch: (call: FakeCall) => Response = () => json({ data: ticket({ status: 'in_progress', assignedToId: TESS.id, assignedToName: TESS.name }) }),
) {
  return fakeApi((call) => {
    if (call.path === '/api/users/me') return json({ data: { ...ME, roles: [{ id: 3, name: 'staff' }] } });
    if (call.path === '/api/users/assignable-to-tickets') return json(page([option(ME), option(TESS)], 2, 100));
    if (call.method === 'PATCH') return patch(call);
    if (call.path === '/api/tickets') {
      const status = (call.query.get('status') ?? 'all') as TicketStatus | 'all';
      const limit = Number(call.query.get('limit'));
      return json(page([ticket()], TOTALS[status], limit));
    }
    if (call.path.endsWith('/replies') && call.method === 'POST') {
      return json(
        {
          data: {
            id: 'r2',
            ticketId: ticket().id,
            kind: 'message',
            authorId: ME.id,
            authorName: ME.name,
            fromSupport: true,
            message: (call.body as { message: string }).message,
            status: null,
            createdAt: '2026-11-02T03:00:00.000Z',
          },
        },
        201,
      );
    }
    if (call.path.endsWith('/replies'))
      return json({
        data: [
          {
            id: 'r1',
            ticketId: ticket().id,
            kind: 'message',
            authorId: ticket().createdById,
            authorName: 'Rosa Mendoza',
            fromSupport: false,
            message: 'Any news?',
            status: null,
            createdAt: '2026-11-02T02:00:00.000Z',
          },
        ],
      });
    if (call.path.startsWith('/api/tickets/')) return json({ data: ticket() });
    return json({ statusCode: 404, code: 'NOT_FOUND', message: `No ${call.path}` }, 404);
  });
}

function renderPage(url: string, roles: RoleName[] = ['staff']) {
  return renderConsoleScreen(url, '/tickets', <TicketsPage />, roles);
}

describe('the tickets console', () => {
  it("shows each status tab's count from `total` of a one-row request, and the row's ticket", async () => {
    const api = helpDesk();
    renderPage('/tickets?tab=open');

    expect(await screen.findByRole('heading', { level: 1, name: 'Tickets' })).toBeTruthy();
    expect(screen.getByText('Support tickets from customers.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: /^All/ }).textContent).toBe('All57'));
    expect(screen.getByRole('tab', { name: /^Open/ }).textContent).toBe('Open31');
    await waitFor(() => expect(screen.getByRole('tab', { name: /^In progress/ }).textContent).toBe('In progress12'));
    expect(screen.getByRole('tab', { name: /^Resolved/ }).textContent).toBe('Resolved9');
    expect(screen.getByRole('tab', { name: /^Closed/ }).textContent).toBe('Closed5');

    // The open tab's count is its list's own total; every other tab asks for one row.
    const lists = api.calls.filter((c) => c.path === '/api/tickets');
    expect(lists.filter((c) => c.query.get('limit') === '10').map((c) => c.query.get('status'))).toEqual(['open']);
    expect(
      lists
        .filter((c) => c.query.get('limit') === '1')
        .map((c) => c.query.get('status') ?? 'all')
        .sort(),
    ).toEqual(['all', 'closed', 'in_progress', 'resolved']);

    const row = await screen.findByRole('row', { name: /Parcel not picked up/ });
    expect(row.textContent).toContain('Rosa Mendoza');
    // Opened and last update in Manila time (UTC+8).
    expect(row.textContent).toContain('November 02, 2026, 9:00 AM');
    expect(row.textContent).toContain('November 02, 2026, 9:30 AM');
    expect(within(row).getByRole('link', { name: 'ND123456785PH' }).getAttribute('href')).toBe('/shipments/ND123456785PH');
  });

  it('"Assigned to me" asks for the signed-in person\'s tickets and keeps the choice in the address', async () => {
    const api = helpDesk();
    const user = userEvent.setup();
    const { location } = renderPage('/tickets');
    await screen.findByRole('row', { name: /Parcel not picked up/ });
    await user.selectOptions(screen.getByLabelText('Assigned to'), 'Assigned to me');
    await waitFor(() => expect(location().get('assignee')).toBe('me'));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/tickets' && c.query.get('limit') === '10' && c.query.get('assignedToId') === ME.id)).toBe(true),
    );
    // Every tab's count follows the filter.
    await waitFor(() => expect(api.calls.filter((c) => c.query.get('limit') === '1' && c.query.get('assignedToId') === ME.id)).toHaveLength(4));
  });

  it('edits from the row menu: the new status and assignee are sent, nothing else', async () => {
    const api = helpDesk();
    const user = userEvent.setup();
    renderPage('/tickets');
    await user.click(await screen.findByRole('button', { name: 'Actions for Parcel not picked up' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View', 'Edit', 'Delete']);
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit ticket: Parcel not picked up' });
    await within(dialog).findByRole('option', { name: TESS.name });
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'In progress');
    await user.selectOptions(within(dialog).getByLabelText('Assigned to'), TESS.name);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.changes()).toEqual([{ method: 'PATCH', path: `/api/tickets/${ticket().id}`, body: { status: 'in_progress', assignedToId: TESS.id } }]);
  });

  it("never offers to rewrite the customer's subject or message: it shows them as written", async () => {
    helpDesk();
    renderWithProviders(<TicketEditModal ticket={ticket()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit ticket: Parcel not picked up' });
    expect(within(dialog).queryByLabelText('Subject')).toBeNull();
    expect(within(dialog).queryByLabelText('Message')).toBeNull();
    expect(
      within(dialog)
        .queryAllByRole('textbox')
        .map((box) => box.getAttribute('name')),
    ).toEqual(['trackingNumber']);
    expect(within(dialog).getByText('The rider never came for my parcel yesterday.')).toBeTruthy();
  });

  it('View shows the conversation and sends a staff reply to the customer', async () => {
    const api = helpDesk();
    const user = userEvent.setup();
    renderPage('/tickets');
    await user.click(await screen.findByRole('button', { name: 'Actions for Parcel not picked up' }));
    await user.click(screen.getByRole('menuitem', { name: 'View' }));
    const view = await screen.findByRole('dialog', { name: 'Parcel not picked up' });
    expect(await within(view).findByText('Any news?')).toBeTruthy();
    await user.type(within(view).getByLabelText('Reply to the customer'), 'The rider comes back today before 5 PM.');
    await user.click(within(view).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(api.changes()).toEqual([
        { method: 'POST', path: `/api/tickets/${ticket().id}/replies`, body: { message: 'The rider comes back today before 5 PM.' } },
      ]),
    );
  });

  it('follows the row menu rules: ssp may view and delete, and Edit is disabled for the ssp role', async () => {
    helpDesk();
    const user = userEvent.setup();
    renderPage('/tickets', ['ssp']);
    await user.click(await screen.findByRole('button', { name: 'Actions for Parcel not picked up' }));
    expect(screen.getAllByRole('menuitem').map((item) => `${item.textContent}${item.getAttribute('aria-disabled') ? ' (disabled)' : ''}`)).toEqual([
      'View',
      'Edit (disabled)',
      'Delete',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'View' }));
    const view = await screen.findByRole('dialog', { name: 'Parcel not picked up' });
    expect(within(view).getByText('The rider never came for my parcel yesterday.')).toBeTruthy();
    expect(within(view).getByText('Message from Rosa Mendoza')).toBeTruthy();
  });

  it("shows the server's field refusal under its field and stays open", async () => {
    const message = 'Choose an active member of the support team';
    helpDesk(() => json({ statusCode: 422, code: 'VALIDATION_FAILED', message, details: [{ field: 'body.assignedToId', message }] }, 422));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<TicketEditModal ticket={ticket()} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit ticket: Parcel not picked up' });
    await within(dialog).findByRole('option', { name: TESS.name });
    await user.selectOptions(within(dialog).getByLabelText('Assigned to'), TESS.name);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(within(dialog).getByLabelText('Assigned to').getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says when nothing changed instead of sending an empty edit', async () => {
    const api = helpDesk();
    const user = userEvent.setup();
    renderWithProviders(<TicketEditModal ticket={ticket()} onClose={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing has changed.')).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });
});

describe('the tickets console in Filipino', () => {
  it('says the list, its tabs, filter and edit form in Filipino, with no English sentence left', async () => {
    helpDesk();
    await activateLanguage('fil');
    const user = userEvent.setup();
    renderPage('/tickets');

    expect(await screen.findByRole('heading', { level: 1, name: 'Mga ticket' })).toBeTruthy();
    expect(screen.getByText('Mga support ticket mula sa mga customer.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /^Lahat/ })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Naka-assign sa akin' })).toBeTruthy();
    const row = await screen.findByRole('row', { name: /Parcel not picked up/ });
    expect(row.textContent).toContain('Nobyembre 02, 2026');
    expect(englishLeftIn(readableText(), 'tickets', 'console')).toEqual([]);

    await user.click(within(row).getByRole('button'));
    await user.click(await screen.findByRole('menuitem', { name: 'I-edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Mensahe mula kay Rosa Mendoza')).toBeTruthy();
    expect(within(dialog).getByLabelText('Naka-assign kay')).toBeTruthy();
    expect(englishLeftIn(readableText(dialog), 'tickets', 'console')).toEqual([]);
  });
});
