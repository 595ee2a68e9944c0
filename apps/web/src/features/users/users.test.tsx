import { defineAbilityFor, type AdminUserDto, type RoleName } from '@hatid/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessFor, AccessProvider } from '../../lib/ability';
import { renderWithProviders } from '../../testing/render';
import { DataTable } from '../../components/data-table/data-table';
import { UserFormModal } from './components/user-form-modal';
import { USER_COLUMNS } from './components/user-columns';
import { UserRowMenu } from './components/user-row-menu';
import { userCommandItems } from './lib/user-commands';
import { parseUsersSearch } from './lib/users-search';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const answer = (response: () => Response) => vi.spyOn(globalThis, 'fetch').mockImplementation(async () => response());
const sent = (spy: ReturnType<typeof answer>) => spy.mock.calls.map(([url, init]) => ({ url: String(url), method: init?.method, body: JSON.parse(String(init?.body)) }));

const ROLE_IDS: Record<RoleName, number> = {
  super_admin: 1, admin: 2, staff: 3, ssp: 4, business_admin: 5, business_member: 6, service_partner: 7, sales_agent: 8, consolidator: 9, rider: 10, customer: 11,
};

function person(overrides: Partial<AdminUserDto> = {}, roles: RoleName[] = ['staff']): AdminUserDto {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    firstName: 'Rosa',
    lastName: 'Lim',
    name: 'Rosa Lim',
    mobileNumber: null,
    email: 'rosa@example.ph',
    emailVerified: true,
    accountType: 'individual',
    clientType: 'individual',
    businessName: null,
    agentCode: null,
    usedAgentCode: null,
    status: 'ACTIVE',
    isEmployee: false,
    roles: roles.map((name) => ({ id: ROLE_IDS[name], name })),
    roleIds: roles.map((name) => ROLE_IDS[name]),
    businessId: null,
    serviceAreaCodes: [],
    isOnline: false,
    lastLoginAt: null,
    createdById: null,
    createdByName: null,
    invoiceAccountName: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

function renderAs(roles: RoleName[], ui: React.ReactElement) {
  const access = accessFor({ roles: roles.map((name) => ({ id: ROLE_IDS[name], name })) });
  return renderWithProviders(<AccessProvider access={access}>{ui}</AccessProvider>);
}

describe('add user (invite)', () => {
  it('offers only the roles the person may give, and invites by email with them', async () => {
    const spy = answer(() => json({ data: person({ status: 'INVITED' }, ['rider']), invitation: { expiresAt: '2026-11-30T00:00:00.000Z', emailSent: true, resent: false } }, 201));
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderAs(['service_partner'], <UserFormModal user={null} open onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Add user' });

    const offered = within(dialog).getAllByRole('checkbox').map((box) => box.closest('div')?.textContent);
    expect(offered).toEqual(['Consolidator', 'Customer', 'Rider', 'Sales agent']);

    await user.type(within(dialog).getByLabelText('First name'), 'Rosa');
    await user.type(within(dialog).getByLabelText('Last name'), 'Lim');
    await user.type(within(dialog).getByLabelText('Email'), 'Rosa@Example.ph');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Rider' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent(spy)).toEqual([
      { url: '/api/users', method: 'POST', body: { email: 'Rosa@Example.ph', firstName: 'Rosa', lastName: 'Lim', roles: ['rider'] } },
    ]);
  });

  it('says what is missing before sending, and shows the API refusal on its field', async () => {
    const spy = answer(() =>
      json({ statusCode: 409, code: 'CONFLICT', message: 'This email is already used by another account', details: [{ field: 'email', message: 'This email is already used by another account' }] }, 409),
    );
    const user = userEvent.setup();
    renderAs(['admin'], <UserFormModal user={null} open onOpenChange={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Add user' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Super admin' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter the first name')).toBeTruthy();
    expect(within(dialog).getByText('Enter a valid email address')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one role')).toBeTruthy();
    expect(spy).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('First name'), 'Rosa');
    await user.type(within(dialog).getByLabelText('Last name'), 'Lim');
    await user.type(within(dialog).getByLabelText('Email'), 'taken@example.ph');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Staff' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    const email = within(dialog).getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('This email is already used by another account')).toBeTruthy();
  });
});

describe('update user', () => {
  it('sends only what changed and keeps roles the editor may not touch', async () => {
    const spy = answer(() => json({ data: person() }));
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    const target = person({ mobileNumber: '+639171234567' }, ['super_admin', 'staff']);
    renderAs(['admin'], <UserFormModal user={target} open onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Update Rosa Lim' });

    const superAdmin = within(dialog).getByRole('checkbox', { name: 'Super admin' }) as HTMLInputElement;
    expect(superAdmin.checked).toBe(true);
    expect(superAdmin.disabled).toBe(true);

    await user.clear(within(dialog).getByLabelText('First name'));
    await user.type(within(dialog).getByLabelText('First name'), 'Rosalinda');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Rider' }));
    await user.clear(within(dialog).getByLabelText(/Mobile number/));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [call] = sent(spy);
    expect(call?.url).toBe('/api/users/11111111-1111-4111-8111-111111111111');
    expect(call?.method).toBe('PUT');
    expect(call?.body.firstName).toBe('Rosalinda');
    expect(call?.body.mobileNumber).toBeNull();
    expect([...call?.body.roles].sort()).toEqual(['rider', 'staff', 'super_admin']);
    expect(Object.keys(call?.body).sort()).toEqual(['firstName', 'mobileNumber', 'roles']);
  });

  it('sends nothing when nothing changed', async () => {
    const spy = answer(() => json({}));
    const user = userEvent.setup();
    renderAs(['admin'], <UserFormModal user={person()} open onOpenChange={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing has changed.')).toBeTruthy();
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('user row commands', () => {
  const labels = (roles: RoleName[], target: AdminUserDto, selfId = 'me') =>
    userCommandItems(target, { ability: defineAbilityFor({ roles }), selfId }).map((item) => item.label);

  it('offers activate or deactivate by status, never deactivating oneself', () => {
    expect(labels(['admin'], person())).toEqual(['Deactivate', 'Mark as employee']);
    expect(labels(['admin'], person({ status: 'INACTIVE', isEmployee: true }))).toEqual(['Activate', 'Unmark as employee']);
    expect(labels(['admin'], person(), person().id)).toEqual(['Mark as employee']);
  });

  it('offers the super admin transfer to the super admin only, for an active account', () => {
    expect(labels(['super_admin'], person())).toContain('Transfer super admin');
    expect(labels(['admin'], person())).not.toContain('Transfer super admin');
    expect(labels(['super_admin'], person({ status: 'INVITED' }))).not.toContain('Transfer super admin');
  });

  it('gives a service partner no account commands', () => {
    expect(labels(['service_partner'], person({}, ['rider']))).toEqual([]);
  });
});

describe('users address', () => {
  it('reads the tab, role and paging leniently', () => {
    expect(parseUsersSearch({ tab: 'INVITED', roleId: '3', page: '2', search: ' rosa ' })).toEqual({ tab: 'INVITED', roleId: 3, page: 2, search: 'rosa' });
    expect(parseUsersSearch({ tab: 'ACTIVE', roleId: 'x', page: '0' })).toEqual({});
  });
});

describe('users table row menu', () => {
  it('offers View and Edit (never Delete) and stays open while the page re-renders', async () => {
    const user = userEvent.setup();
    const rosa = person();
    const query = { data: { data: [rosa], page: 1, limit: 10, total: 1, totalPages: 1 }, isPending: false, isFetching: false, isError: false, error: null, refetch: () => undefined };
    const table = (onView: () => void) => (
      <AccessProvider access={accessFor({ roles: [{ id: 2, name: 'admin' }] })}>
        <DataTable
          title="Users"
          columns={USER_COLUMNS}
          query={query}
          getRowId={(row) => row.id}
          search={{}}
          onSearchChange={vi.fn()}
          rowActions={(row) => <UserRowMenu user={row} selfId="me" onView={onView} onUpdate={vi.fn()} onCommand={vi.fn()} />}
        />
      </AccessProvider>
    );
    const { rerender } = renderWithProviders(table(vi.fn()));
    await user.click(screen.getByRole('button', { name: 'Actions for Rosa Lim' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View', 'Edit', 'Deactivate', 'Mark as employee']);

    // A refetch or any state change renders the page again with new handlers: the menu stays open.
    const onView = vi.fn();
    rerender(table(onView));
    await user.click(screen.getByRole('menuitem', { name: 'View' }));
    expect(onView).toHaveBeenCalled();
  });
});
