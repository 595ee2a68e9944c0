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
import { activateLanguage } from '../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../testing/english-left';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const answer = (response: () => Response) => vi.spyOn(globalThis, 'fetch').mockImplementation(async () => response());
const sent = (spy: ReturnType<typeof answer>) =>
  spy.mock.calls.map(([url, init]) => ({ url: String(url), method: init?.method, body: JSON.parse(String(init?.body)) }));

/** Answers the place lists the service-areas picker asks for, and `other` for anything else. */
const PLACES: Record<string, unknown> = {
  '/api/addresses/covered-provinces': [
    { provinceCode: '1300000000', name: 'Metro Manila', partnerStatus: 'ACTIVE', retrievalFeeInCents: 0, isIntraCityEnabled: true },
  ],
  '/api/addresses/covered-cities-municipalities/1300000000': [
    { code: '1380300000', name: 'Makati City' },
    { code: '1381500000', name: 'Taguig City' },
  ],
};
const withPlaces = (other: () => Response) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => (String(input) in PLACES ? json({ data: PLACES[String(input)] }) : other()));

const ROLE_IDS: Record<RoleName, number> = {
  super_admin: 1,
  admin: 2,
  staff: 3,
  ssp: 4,
  business_admin: 5,
  business_member: 6,
  service_partner: 7,
  sales_agent: 8,
  consolidator: 9,
  rider: 10,
  customer: 11,
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
    serviceAreas: [],
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
    const spy = answer(() =>
      json(
        { data: person({ status: 'INVITED' }, ['consolidator']), invitation: { expiresAt: '2026-11-30T00:00:00.000Z', emailSent: true, resent: false } },
        201,
      ),
    );
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderAs(['service_partner'], <UserFormModal user={null} open onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Add user' });

    const offered = within(dialog)
      .getAllByRole('checkbox')
      .map((box) => box.closest('div')?.textContent);
    expect(offered).toEqual(['Consolidator', 'Customer', 'Rider', 'Sales agent']);

    await user.type(within(dialog).getByLabelText('First name'), 'Rosa');
    await user.type(within(dialog).getByLabelText('Last name'), 'Lim');
    await user.type(within(dialog).getByLabelText('Email'), 'Rosa@Example.ph');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Consolidator' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent(spy)).toEqual([
      { url: '/api/users', method: 'POST', body: { email: 'Rosa@Example.ph', firstName: 'Rosa', lastName: 'Lim', roles: ['consolidator'] } },
    ]);
  });

  it('says what is missing before sending, and shows the API refusal on its field', async () => {
    const spy = answer(() =>
      json(
        {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'This email is already used by another account',
          details: [{ field: 'email', message: 'This email is already used by another account' }],
        },
        409,
      ),
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

describe('add a rider (issue 29)', () => {
  it('shows service areas once Rider is ticked, needs a mobile number, not an email, and sends the cities', async () => {
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/addresses/covered-provinces') {
        return json({
          data: [{ provinceCode: '1300000000', name: 'Metro Manila', partnerStatus: 'ACTIVE', retrievalFeeInCents: 0, isIntraCityEnabled: true }],
        });
      }
      if (url === '/api/addresses/covered-cities-municipalities/1300000000') {
        return json({
          data: [
            { code: '1380300000', name: 'Makati City' },
            { code: '1381500000', name: 'Taguig City' },
          ],
        });
      }
      return json({ data: person({ status: 'ACTIVE' }, ['rider']), invitation: null }, 201);
    });
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderAs(['admin'], <UserFormModal user={null} open onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Add user' });
    expect(within(dialog).queryByRole('group', { name: 'Service areas' })).toBeNull();

    await user.type(within(dialog).getByLabelText('First name'), 'Jose');
    await user.type(within(dialog).getByLabelText('Last name'), 'Ramos');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Rider' }));
    const areas = within(dialog).getByRole('group', { name: 'Service areas' });
    expect(
      within(dialog)
        .getByLabelText(/^Email/)
        .closest('div')?.textContent,
    ).toMatch(/\(optional\).*sign in with a code sent to their mobile/);

    // No mobile number: refused before sending.
    await user.click(within(dialog).getByRole('button', { name: 'Add rider' }));
    expect(await within(dialog).findByText('A rider signs in with a mobile number: enter one')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^Mobile number/), '0917 123 4567');
    await waitFor(() => expect(within(areas).getByRole('option', { name: 'Metro Manila' })).toBeTruthy());
    await user.selectOptions(within(areas).getByLabelText('Province'), '1300000000');
    const city = within(areas).getByLabelText('Add a city or municipality');
    await waitFor(() => expect(within(city).getByRole('option', { name: 'Makati City' })).toBeTruthy());
    await user.selectOptions(city, '1380300000');
    await user.selectOptions(city, '1381500000');
    await user.click(within(areas).getByRole('button', { name: 'Remove Taguig City' }));
    expect(within(areas).getByRole('list', { name: 'Chosen service areas' }).textContent).toBe('Makati City');
    await user.click(within(dialog).getByRole('button', { name: 'Add rider' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/users',
        body: { firstName: 'Jose', lastName: 'Ramos', roles: ['rider'], mobileNumber: '0917 123 4567', serviceAreaCodes: ['1380300000'] },
      },
    ]);
  });

  it('edits a rider’s service areas and shows them by name', async () => {
    const spy = withPlaces(() => json({ data: person() }));
    const user = userEvent.setup();
    const rider = person(
      {
        mobileNumber: '+639171234567',
        serviceAreaCodes: ['1380300000'],
        serviceAreas: [{ code: '1380300000', name: 'Makati City', provinceName: 'Metro Manila' }],
      },
      ['rider'],
    );
    renderAs(['admin'], <UserFormModal user={rider} open onOpenChange={vi.fn()} />);
    const areas = screen.getByRole('group', { name: 'Service areas' });
    await user.click(within(areas).getByRole('button', { name: 'Remove Makati City' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(spy.mock.calls.find(([, init]) => init?.method === 'PUT')?.[1]?.body).toBe(JSON.stringify({ serviceAreaCodes: [] })));
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
    await user.click(within(dialog).getByRole('checkbox', { name: 'Consolidator' }));
    await user.clear(within(dialog).getByLabelText(/Mobile number/));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [call] = sent(spy);
    expect(call?.url).toBe('/api/users/11111111-1111-4111-8111-111111111111');
    expect(call?.method).toBe('PUT');
    expect(call?.body.firstName).toBe('Rosalinda');
    expect(call?.body.mobileNumber).toBeNull();
    expect([...(call?.body.roles ?? [])].sort()).toEqual(['consolidator', 'staff', 'super_admin']);
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
    const query = {
      data: { data: [rosa], page: 1, limit: 10, total: 1, totalPages: 1 },
      isPending: false,
      isFetching: false,
      isError: false,
      error: null,
      refetch: () => undefined,
    };
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

describe('users in Filipino (issue 32)', () => {
  it('shows the table, its row menu and the add form with no English sentence left', async () => {
    await activateLanguage('fil');
    const spy = withPlaces(() => json({ data: [] }));
    const user = userEvent.setup();
    const jose = person({ id: '22222222-2222-4222-8222-222222222222', name: 'Jose Ramos', isEmployee: true }, ['rider']);
    const query = {
      data: { data: [jose], page: 1, limit: 10, total: 1, totalPages: 1 },
      isPending: false,
      isFetching: false,
      isError: false,
      error: null,
      refetch: () => undefined,
    };
    renderAs(
      ['admin'],
      <DataTable
        title="Users"
        columns={USER_COLUMNS}
        query={query}
        getRowId={(row) => row.id}
        search={{}}
        onSearchChange={vi.fn()}
        rowActions={(row) => <UserRowMenu user={row} selfId="me" onView={vi.fn()} onUpdate={vi.fn()} onCommand={vi.fn()} />}
      />,
    );
    const row = screen.getByRole('row', { name: /Jose Ramos/ });
    expect(row.textContent).toContain('Empleyado');
    expect(row.textContent).toContain("Sakop: Wala: hindi iniaalok sa anumang padala hangga't hindi naitatakda");
    expect(row.textContent).toContain('Aktibo');
    await user.click(within(row).getByRole('button', { name: /Jose Ramos/ }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Tingnan', 'I-edit', 'I-deactivate', 'Alisin ang marka bilang empleyado']);
    expect(englishLeftIn(readableText(), 'users')).toEqual([]);
    await user.keyboard('{Escape}');
    cleanup();

    renderAs(['admin'], <UserFormModal user={null} open onOpenChange={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Magdagdag ng user' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Rider' }));
    expect(within(dialog).getByRole('group', { name: 'Mga service area' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Magdagdag ng rider' }));
    expect(await within(dialog).findByText('Ilagay ang pangalan')).toBeTruthy();
    expect(within(dialog).getByText('Nagsa-sign in ang rider gamit ang mobile number: maglagay ng isa')).toBeTruthy();
    expect(englishLeftIn(readableText(), 'users')).toEqual([]);
    expect(spy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
