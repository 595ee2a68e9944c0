import type { BusinessDetailDto, RoleName } from '@hatid/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessFor, AccessProvider } from '../../lib/ability';
import { renderWithProviders } from '../../testing/render';
import { BusinessMembers } from './components/business-members';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const business: BusinessDetailDto = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Lim Sari-Sari Supplies',
  email: null,
  mobileNumber: null,
  tin: null,
  isActive: true,
  owner: { id: '55555555-5555-4555-8555-555555555555', name: 'Jun Lim', email: null, mobileNumber: '+639171234567' },
  accountManager: null,
  invoiceAccount: { invoiceBillingEnabled: true, paymentTermsInDays: 30, creditLimitInCents: 0 },
  memberCount: 2,
  defaultAddress: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  members: [
    {
      id: '55555555-5555-4555-8555-555555555555',
      name: 'Jun Lim',
      email: null,
      mobileNumber: '+639171234567',
      role: 'business_admin',
      status: 'ACTIVE',
      isOwner: true,
    },
    {
      id: '66666666-6666-4666-8666-666666666666',
      name: 'Mila Cruz',
      email: 'mila@lim.ph',
      mobileNumber: null,
      role: 'business_member',
      status: 'ACTIVE',
      isOwner: false,
    },
  ],
  addresses: [],
};

function serve(write: () => Response = () => json({ data: business })) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (url) =>
      String(url).startsWith('/api/users/customers') ? json({ data: [], page: 1, limit: 6, total: 0, totalPages: 0 }) : write(),
    );
}
const writes = (spy: ReturnType<typeof serve>) =>
  spy.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([url, init]) => ({ url: String(url), method: init?.method, body: JSON.parse(String(init?.body)) }));

const renderAs = (roles: RoleName[], detail: BusinessDetailDto = business) =>
  renderWithProviders(
    <AccessProvider access={accessFor({ roles: roles.map((name, id) => ({ id, name })) })}>
      <BusinessMembers business={detail} />
    </AccessProvider>,
  );

describe('members of a client', () => {
  it("changes a member's role", async () => {
    const spy = serve();
    const user = userEvent.setup();
    renderAs(['staff']);
    await user.selectOptions(screen.getByLabelText('Role of Mila Cruz'), 'business_admin');
    await waitFor(() =>
      expect(writes(spy)).toEqual([
        { url: `/api/businesses/${business.id}`, method: 'PATCH', body: { addMembers: [{ userId: business.members[1]!.id, role: 'business_admin' }] } },
      ]),
    );
  });

  it('removes a member only once confirmed', async () => {
    const spy = serve();
    const user = userEvent.setup();
    renderAs(['staff']);
    await user.click(screen.getByRole('button', { name: 'Remove Jun Lim' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Jun Lim from Lim Sari-Sari Supplies?' });
    expect(within(confirm).getByText(/API keys they made for the business stop working/)).toBeTruthy();
    expect(writes(spy)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(writes(spy)).toEqual([{ url: `/api/businesses/${business.id}`, method: 'PATCH', body: { removeMemberIds: [business.members[0]!.id] } }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('adds a member: someone new, invited as business admin; a refusal shows on their field', async () => {
    let answer = json(
      {
        statusCode: 409,
        code: 'CONFLICT',
        message: 'Conflict',
        details: [{ field: 'addMembers.0.newPerson.email', message: 'This email is already used by another account: pick that person instead' }],
      },
      409,
    );
    const spy = serve(() => answer);
    const user = userEvent.setup();
    renderAs(['ssp']);
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a member to Lim Sari-Sari Supplies' });
    await user.click(within(dialog).getByRole('radio', { name: 'Invite someone new' }));
    await user.type(within(dialog).getByLabelText('First name'), 'Ana');
    await user.type(within(dialog).getByLabelText('Last name'), 'Reyes');
    await user.type(within(dialog).getByLabelText('Their mobile number'), '09181234567');
    await user.type(within(dialog).getByLabelText(/Their email/), 'ana@lim.ph');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'business_admin');
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    expect(await within(dialog).findByText('This email is already used by another account: pick that person instead')).toBeTruthy();

    answer = json({ data: business });
    await user.clear(within(dialog).getByLabelText(/Their email/));
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(spy).map((w) => w.body)).toEqual([
      { addMembers: [{ newPerson: { firstName: 'Ana', lastName: 'Reyes', mobileNumber: '09181234567', email: 'ana@lim.ph' }, role: 'business_admin' }] },
      { addMembers: [{ newPerson: { firstName: 'Ana', lastName: 'Reyes', mobileNumber: '09181234567' }, role: 'business_admin' }] },
    ]);
  });

  it('shows roles without controls to those who may not change clients', () => {
    serve();
    renderAs(['sales_agent']);
    expect(screen.getByText('Jun Lim')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add member' })).toBeNull();
    expect(screen.queryByLabelText('Role of Mila Cruz')).toBeNull();
  });
});
