import type { TicketDto, TicketThreadEntryDto } from '@hatid/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { TicketThread } from './ticket-thread';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const TICKET: TicketDto = {
  id: '33333333-3333-4333-8333-333333333333',
  subject: 'Parcel damaged',
  description: 'The box arrived crushed.',
  status: 'in_progress',
  shipmentId: null,
  trackingNumber: null,
  createdById: 'ana',
  createdByName: 'Ana Cruz',
  assignedToId: 'teresa',
  assignedToName: 'Teresa Reyes',
  resolvedAt: null,
  closedAt: null,
  createdAt: '2026-11-02T01:00:00.000Z',
  updatedAt: '2026-11-02T01:30:00.000Z',
};

const entry = (over: Partial<TicketThreadEntryDto>): TicketThreadEntryDto => ({
  id: crypto.randomUUID(),
  ticketId: TICKET.id,
  kind: 'message',
  authorId: 'teresa',
  authorName: 'Teresa Reyes',
  fromSupport: true,
  message: null,
  status: null,
  createdAt: '2026-11-02T02:00:00.000Z',
  ...over,
});

const THREAD = [
  entry({ message: 'Sorry about that. Could you send a photo?' }),
  entry({ kind: 'status', status: 'in_progress' }),
  entry({ authorId: 'ana', authorName: 'Ana Cruz', fromSupport: false, message: 'Photo sent.' }),
  entry({ kind: 'status', status: 'resolved' }),
];

function thread(entries: TicketThreadEntryDto[], onPost: (body: unknown) => Response = () => json({ data: entry({}) }, 201)) {
  const list = [...entries];
  return fakeApi((call) => {
    if (call.path === `/api/tickets/${TICKET.id}/replies` && call.method === 'GET') return json({ data: list });
    if (call.path === `/api/tickets/${TICKET.id}/replies` && call.method === 'POST') {
      const res = onPost(call.body);
      if (res.status === 201)
        list.push(entry({ authorId: 'ana', authorName: 'Ana Cruz', fromSupport: false, message: (call.body as { message: string }).message }));
      return res;
    }
    return json({ statusCode: 404, code: 'NOT_FOUND', message: `No ${call.path}` }, 404);
  });
}

describe('the ticket thread', () => {
  it('shows replies from both sides and status changes by name, in order', async () => {
    thread(THREAD);
    renderWithProviders(<TicketThread ticket={TICKET} viewer="customer" />);
    const items = within(await screen.findByRole('list', { name: 'Replies' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Teresa Reyes · SupportNovember 02, 2026, 10:00 AMSorry about that. Could you send a photo?'),
      expect.stringContaining('Teresa Reyes marked this In progress'),
      expect.stringContaining('Ana CruzNovember 02, 2026, 10:00 AMPhoto sent.'),
      expect.stringContaining('Teresa Reyes marked this Resolved'),
    ]);
  });

  it('sends a reply, clears the box and shows it in the thread', async () => {
    const api = thread(THREAD.slice(0, 1));
    const user = userEvent.setup();
    renderWithProviders(<TicketThread ticket={TICKET} viewer="customer" />);
    await screen.findByText('Sorry about that. Could you send a photo?');
    const box = screen.getByLabelText('Reply to our support team');
    await user.type(box, '  Here it is: the corner is crushed.  ');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Here it is: the corner is crushed.')).toBeTruthy();
    expect(api.changes()).toEqual([{ method: 'POST', path: `/api/tickets/${TICKET.id}/replies`, body: { message: 'Here it is: the corner is crushed.' } }]);
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('refuses an empty reply without sending, and shows the server’s refusal', async () => {
    const api = thread([], () =>
      json({ statusCode: 422, code: 'RULE_BROKEN', message: 'This ticket is closed. Open a new ticket if you need more help.' }, 422),
    );
    const user = userEvent.setup();
    renderWithProviders(<TicketThread ticket={TICKET} viewer="support" />);
    expect(await screen.findByText('No replies yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Write your reply');
    expect(api.writes()).toEqual([]);

    await user.type(screen.getByLabelText('Reply to the customer'), 'We are on it.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This ticket is closed. Open a new ticket if you need more help.'));
    expect(screen.getByLabelText('Reply to the customer').getAttribute('aria-invalid')).toBe('true');
  });

  it('has no reply box on a closed ticket', async () => {
    thread(THREAD);
    renderWithProviders(<TicketThread ticket={{ ...TICKET, status: 'closed' }} viewer="customer" />);
    await screen.findByRole('list', { name: 'Replies' });
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
    expect(screen.getByText('This ticket is closed. Open a new ticket if you need more help.')).toBeTruthy();
  });
});
