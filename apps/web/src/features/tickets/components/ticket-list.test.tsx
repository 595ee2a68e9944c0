import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { TicketDto } from '@hatid/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { TicketList } from './ticket-list';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ticket = (over: Partial<TicketDto>): TicketDto => ({
  id: '5b0e1c2d-0000-4000-8000-000000000001',
  subject: 'Parcel not picked up',
  description: 'The rider never came.',
  status: 'open',
  shipmentId: null,
  trackingNumber: null,
  createdById: 'u1',
  createdByName: 'Ana Cruz',
  assignedToId: null,
  assignedToName: null,
  resolvedAt: null,
  closedAt: null,
  createdAt: '2026-03-02T02:00:00.000Z',
  updatedAt: '2026-03-02T02:00:00.000Z',
  ...over,
});

const OPEN = ticket({ trackingNumber: 'ND123456785PH', shipmentId: '7a1f2c3d-0000-4000-8000-000000000001' });
const WORKED = ticket({ id: '5b0e1c2d-0000-4000-8000-000000000002', subject: 'Damaged box', status: 'in_progress', assignedToName: 'Sam Staff' });

/** GET /tickets answers `tickets`; writes answer `write` and are recorded. */
function fakeApi(tickets: TicketDto[], write: () => Response = () => json({ data: OPEN })) {
  const writes: { method: string; url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.includes('/replies')) {
      const reply = {
        id: 'r1',
        ticketId: WORKED.id,
        kind: 'message',
        authorId: 'u9',
        authorName: 'Sam Staff',
        fromSupport: true,
        message: 'We found your box at the hub.',
        status: null,
        createdAt: '2026-03-02T03:00:00.000Z',
      };
      return json({ data: [reply, { ...reply, id: 'r2', kind: 'status', status: 'in_progress', message: null }] });
    }
    if (method === 'GET' && url.startsWith('/api/tickets')) {
      return json({ data: tickets, page: 1, limit: 10, total: tickets.length, totalPages: 1, hasNextPage: false });
    }
    if (method === 'GET' && url.startsWith('/api/shipments/me')) return json({ data: [], page: 1, limit: 100, total: 0, totalPages: 0, hasNextPage: false });
    if (method !== 'GET') {
      writes.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return write();
    }
    return json({ statusCode: 404, code: 'NOT_FOUND', message: url }, 404);
  });
  return writes;
}

function renderList() {
  const rootRoute = createRootRoute();
  const page = createRoute({ getParentRoute: () => rootRoute, path: '/talk-to-us', component: TicketList });
  const router = createRouter({ routeTree: rootRoute.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/talk-to-us'] }) });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router as never} />
        <Toaster />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return userEvent.setup();
}

beforeAll(() => {
  window.scrollTo = vi.fn() as never;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as never;
});
afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.restoreAllMocks();
});

describe('TicketList', () => {
  it("opens a ticket's conversation: support's reply, the status change by name, and a reply box", async () => {
    const writes = fakeApi([OPEN, WORKED], () => json({ data: { id: 'r3' } }, 201));
    const user = renderList();
    const worked = await screen.findByRole('listitem', { name: 'Damaged box' });
    await user.click(within(worked).getByRole('button', { name: 'Conversation about Damaged box' }));
    expect(await within(worked).findByText('We found your box at the hub.')).toBeTruthy();
    expect(within(worked).getByText('Sam Staff · Support')).toBeTruthy();
    expect(within(worked).getByText('Sam Staff marked this In progress')).toBeTruthy();
    await user.type(within(worked).getByLabelText('Reply to our support team'), 'Thank you! When can it be delivered?');
    await user.click(within(worked).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'POST', url: `/api/tickets/${WORKED.id}/replies`, body: { message: 'Thank you! When can it be delivered?' } }]),
    );
  });

  it('shows each ticket with its status, date and shipment; edit and delete only while it is open', async () => {
    fakeApi([OPEN, WORKED]);
    renderList();
    const open = await screen.findByRole('listitem', { name: 'Parcel not picked up' });
    expect(within(open).getByText('Open')).toBeTruthy();
    expect(within(open).getByText('March 02, 2026')).toBeTruthy();
    expect(within(open).getByRole('link', { name: 'ND123456785PH' }).getAttribute('href')).toBe('/packages/ND123456785PH');
    expect(within(open).getByRole('button', { name: 'Edit Parcel not picked up' })).toBeTruthy();
    expect(within(open).getByRole('button', { name: 'Delete Parcel not picked up' })).toBeTruthy();

    const worked = screen.getByRole('listitem', { name: 'Damaged box' });
    expect(within(worked).getByText('In progress')).toBeTruthy();
    expect(within(worked).getByText(/Sam Staff is looking into it/)).toBeTruthy();
    expect(within(worked).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    expect(within(worked).getByRole('button', { name: 'Close Damaged box' })).toBeTruthy();
  });

  it('says so when there are no tickets yet', async () => {
    fakeApi([]);
    renderList();
    expect(await screen.findByText('No tickets yet')).toBeTruthy();
  });

  it("a failed delete shows the server's message and closes the confirmation", async () => {
    const message = 'Our support team is already working on this ticket, so it cannot be deleted. You can close it instead.';
    const writes = fakeApi([OPEN], () => json({ statusCode: 422, code: 'RULE_BROKEN', message }, 422));
    const user = renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete Parcel not picked up' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this ticket?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([{ method: 'DELETE', url: `/api/tickets/${OPEN.id}`, body: {} }]);
  });

  it('deletes after confirmation and says "Ticket deleted successfully"', async () => {
    fakeApi([OPEN], () => new Response(null, { status: 204 }));
    const user = renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete Parcel not picked up' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Ticket deleted successfully')).toBeTruthy();
  });

  it('edits in a dialog and says "Ticket updated successfully"', async () => {
    const writes = fakeApi([OPEN]);
    const user = renderList();
    await user.click(await screen.findByRole('button', { name: 'Edit Parcel not picked up' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit ticket' });
    const subject = within(dialog).getByLabelText('Subject') as HTMLInputElement;
    expect(subject.value).toBe('Parcel not picked up');
    await user.clear(subject);
    await user.type(subject, 'Rider did not come');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Ticket updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([
      {
        method: 'PATCH',
        url: `/api/tickets/${OPEN.id}`,
        body: { subject: 'Rider did not come', description: 'The rider never came.', trackingNumber: 'ND123456785PH' },
      },
    ]);
  });

  it('a failed edit keeps the dialog open and falls back to "Failed to update ticket"', async () => {
    fakeApi([OPEN], () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const user = renderList();
    await user.click(await screen.findByRole('button', { name: 'Edit Parcel not picked up' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit ticket' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to update ticket')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit ticket' })).toBeTruthy();
  });
});
