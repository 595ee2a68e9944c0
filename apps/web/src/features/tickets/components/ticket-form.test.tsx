import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { TicketForm } from './ticket-form';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const SHIPMENTS = [
  { id: '7a1f2c3d-0000-4000-8000-000000000001', trackingNumber: 'ND123456785PH', receiverAddress: { cityLabel: 'Cebu City' } },
  { id: '7a1f2c3d-0000-4000-8000-000000000002', trackingNumber: 'SD876543216PH', receiverAddress: { cityLabel: 'Davao City' } },
];

/** The API as the form meets it: my shipments for the picker, and POST /tickets answering `answer`. */
function fakeApi(answer: () => Promise<Response> | Response) {
  const posts: unknown[] = [];
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/shipments/me')) return json({ data: SHIPMENTS, page: 1, limit: 100, total: 2, totalPages: 1, hasNextPage: false });
    if (url === '/api/tickets' && init?.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      return answer();
    }
    return json({ statusCode: 404, code: 'NOT_FOUND', message: url }, 404);
  });
  return { fetchSpy, posts };
}

function renderForm(trackingNumber?: string) {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <TicketForm trackingNumber={trackingNumber} />
      <Toaster />
    </>,
  );
  return user;
}

beforeAll(() => {
  // jsdom lacks what the shipment picker's popover and list measure with.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as never;
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  // Toasts live in sonner's module-wide store; a new Toaster would replay the last test's ones.
  toast.dismiss();
  cleanup();
  vi.restoreAllMocks();
});

describe('TicketForm', () => {
  it('shows which field is missing and why, and sends nothing', async () => {
    const { posts } = fakeApi(() => json({}));
    const user = renderForm();

    await user.type(screen.getByLabelText('Subject'), 'Parcel not picked up');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Tell us what happened')).toBeTruthy();
    const message = screen.getByLabelText('Message');
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(message.getAttribute('aria-describedby')).toContain(screen.getByText('Tell us what happened').id);
    expect(screen.queryByText('Enter a subject')).toBeNull();
    expect(posts).toEqual([]);
  });

  it('opens a ticket about the chosen shipment, says so, and empties the form', async () => {
    const { posts } = fakeApi(() => json({ data: { id: 't1' } }, 201));
    const user = renderForm();

    await user.type(screen.getByLabelText('Subject'), 'Wrong address');
    await user.type(screen.getByLabelText('Message'), 'The street number is 12, not 21.');
    await user.click(screen.getByRole('combobox', { name: /Shipment/ }));
    await user.click(await screen.findByRole('option', { name: /SD876543216PH · to Davao City/ }));
    expect(screen.getByRole('combobox', { name: /Shipment/ }).textContent).toContain('SD876543216PH');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Ticket created successfully')).toBeTruthy();
    expect(posts).toEqual([{ subject: 'Wrong address', description: 'The street number is 12, not 21.', trackingNumber: 'SD876543216PH' }]);
    await waitFor(() => expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe(''));
    expect(screen.getByRole('combobox', { name: /Shipment/ }).textContent).toContain('Not about a shipment');
  });

  it('preselects the shipment from the link', async () => {
    const { posts } = fakeApi(() => json({ data: { id: 't1' } }, 201));
    const user = renderForm('ND123456785PH');

    await waitFor(() => expect(screen.getByRole('combobox', { name: /Shipment/ }).textContent).toContain('ND123456785PH · to Cebu City'));
    await user.type(screen.getByLabelText('Subject'), 'Late');
    await user.type(screen.getByLabelText('Message'), 'Still not here.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByText('Ticket created successfully');
    expect(posts).toEqual([{ subject: 'Late', description: 'Still not here.', trackingNumber: 'ND123456785PH' }]);
  });

  it("shows the server's message, on the field it names, and keeps what was typed", async () => {
    const message = 'We could not find this shipment among yours';
    fakeApi(() => json({ statusCode: 404, code: 'NOT_FOUND', message: 'Shipment not found', details: [{ field: 'shipmentId', message }] }, 404));
    const user = renderForm('ND123456785PH');

    await user.type(screen.getByLabelText('Subject'), 'Where is it?');
    await user.type(screen.getByLabelText('Message'), 'No update for a week.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Shipment not found')).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: /Shipment/ });
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    expect(within(picker.parentElement!).getByText(message)).toBeTruthy();
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Where is it?');
  });

  it('falls back to "Failed to create ticket" when the server gave no message', async () => {
    fakeApi(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = renderForm();

    await user.type(screen.getByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Message'), 'Anyone there?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Failed to create ticket')).toBeTruthy();
    expect(screen.queryByText('Ticket created successfully')).toBeNull();
  });
});
