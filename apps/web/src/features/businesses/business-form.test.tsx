import type { BusinessDto, RoleName } from '@hatid/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessFor, AccessProvider } from '../../lib/ability';
import { activateLanguage } from '../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../testing/english-left';
import { renderWithProviders } from '../../testing/render';
import { BusinessFormModal } from './components/business-form-modal';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const MANAGER = { id: '22222222-2222-4222-8222-222222222222', name: 'Sam Staff', email: 'staff@hatid.test', roles: [{ id: 3, name: 'staff' }] };

const PERSON = {
  id: '44444444-4444-4444-8444-444444444444',
  firstName: 'Rosa',
  lastName: 'Lim',
  mobileNumber: '+639171112222',
  email: 'rosa@lim.ph',
  businessId: null,
};

/** Answers the account-manager and people pickers; every other call gets `write`. */
function serve(write: () => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    if (String(url).startsWith('/api/users/account-managers')) return json({ data: [MANAGER], page: 1, limit: 100, total: 1, totalPages: 1 });
    if (String(url).startsWith('/api/users/customers')) return json({ data: [PERSON], page: 1, limit: 6, total: 1, totalPages: 1 });
    return write();
  });
}
const writes = (spy: ReturnType<typeof serve>) =>
  spy.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([url, init]) => ({ url: String(url), method: init?.method, body: JSON.parse(String(init?.body)) }));

const renderAs = (roles: RoleName[], business: BusinessDto | null, onOpenChange = vi.fn()) =>
  renderWithProviders(
    <AccessProvider access={accessFor({ roles: roles.map((name, id) => ({ id, name })) })}>
      <BusinessFormModal business={business} open onOpenChange={onOpenChange} />
    </AccessProvider>,
  );

const stored: BusinessDto = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Sari-Sari Trading',
  email: null,
  mobileNumber: null,
  tin: null,
  isActive: true,
  owner: null,
  accountManager: null,
  invoiceAccount: { invoiceBillingEnabled: true, paymentTermsInDays: 30, creditLimitInCents: 5_000_000 },
  memberCount: 0,
  defaultAddress: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('add business', () => {
  it('takes the credit limit in pesos and sends centavos, with terms in days, the account manager and the owner picked', async () => {
    const spy = serve(() => json({ data: { ...stored, members: [], addresses: [] } }, 201));
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderAs(['staff'], null, onOpenChange);
    const dialog = screen.getByRole('dialog', { name: 'Add business' });

    await user.type(within(dialog).getByLabelText('Business name'), 'Sari-Sari Trading');
    await user.type(within(dialog).getByLabelText('Find a person'), 'Rosa');
    await user.click(await within(dialog).findByRole('button', { name: /Rosa Lim/ }));
    expect(within(dialog).getByRole('button', { name: 'Change' })).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText(/Account manager/), await within(dialog).findByRole('option', { name: /Sam Staff/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bill this business by invoice' }));
    await user.clear(within(dialog).getByLabelText('Payment terms (days)'));
    await user.type(within(dialog).getByLabelText('Payment terms (days)'), '30');
    await user.clear(within(dialog).getByLabelText('Credit limit (₱)'));
    await user.type(within(dialog).getByLabelText('Credit limit (₱)'), '50,000.50');
    await user.click(within(dialog).getByRole('button', { name: 'Add business' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes(spy)).toEqual([
      {
        url: '/api/businesses',
        method: 'POST',
        body: {
          name: 'Sari-Sari Trading',
          ownerId: PERSON.id,
          accountManagerId: MANAGER.id,
          invoiceAccount: { invoiceBillingEnabled: true, paymentTermsInDays: 30, creditLimitInCents: 5_000_050 },
        },
      },
    ]);
  });

  it('invites a new owner with the business, and shows a refusal about them in the owner box', async () => {
    const spy = serve(() =>
      json(
        {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'Conflict',
          details: [{ field: 'newOwner.mobileNumber', message: 'This mobile number already has an account: pick that person instead' }],
        },
        409,
      ),
    );
    const user = userEvent.setup();
    renderAs(['ssp'], null);
    const dialog = screen.getByRole('dialog', { name: 'Add business' });
    await user.type(within(dialog).getByLabelText('Business name'), 'Lim Hardware');
    await user.click(within(dialog).getByRole('radio', { name: 'Invite someone new' }));
    await user.type(within(dialog).getByLabelText('First name'), 'Jun');
    await user.type(within(dialog).getByLabelText('Last name'), 'Lim');
    await user.type(within(dialog).getByLabelText('Their mobile number'), '0917 555 0101');
    await user.type(within(dialog).getByLabelText(/Their email/), 'jun@lim.ph');
    await user.click(within(dialog).getByRole('button', { name: 'Add business' }));

    expect(await within(dialog).findByText('This mobile number already has an account: pick that person instead')).toBeTruthy();
    expect(writes(spy)).toEqual([
      {
        url: '/api/businesses',
        method: 'POST',
        body: { name: 'Lim Hardware', newOwner: { firstName: 'Jun', lastName: 'Lim', mobileNumber: '0917 555 0101', email: 'jun@lim.ph' } },
      },
    ]);
    // Said once, in the owner's box, not on the business's own mobile number.
    expect(within(dialog).getAllByText('This mobile number already has an account: pick that person instead')).toHaveLength(1);
    expect(
      within(dialog)
        .getByLabelText(/^Mobile number/)
        .getAttribute('aria-invalid'),
    ).not.toBe('true');
  });

  it('asks for the owner before sending', async () => {
    const spy = serve(() => json({}));
    const user = userEvent.setup();
    renderAs(['staff'], null);
    const dialog = screen.getByRole('dialog', { name: 'Add business' });
    await user.type(within(dialog).getByLabelText('Business name'), 'Nobody Owns Me');
    await user.click(within(dialog).getByRole('button', { name: 'Add business' }));
    expect(await within(dialog).findByText('Choose a person from the list, or invite a new one')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Invite someone new' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add business' }));
    expect(await within(dialog).findByText('Enter the mobile number: they sign in with it')).toBeTruthy();
    expect(writes(spy)).toEqual([]);
  });

  it('says in words what is wrong with the invoice settings', async () => {
    const spy = serve(() => json({}));
    const user = userEvent.setup();
    renderAs(['admin'], null);
    const dialog = screen.getByRole('dialog', { name: 'Add business' });
    await user.clear(within(dialog).getByLabelText('Payment terms (days)'));
    await user.type(within(dialog).getByLabelText('Payment terms (days)'), '400');
    await user.clear(within(dialog).getByLabelText('Credit limit (₱)'));
    await user.type(within(dialog).getByLabelText('Credit limit (₱)'), '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Add business' }));
    expect(await within(dialog).findByText('Enter the business name')).toBeTruthy();
    expect(within(dialog).getByText('Value must not exceed 365')).toBeTruthy();
    expect(within(dialog).getByText('Value must be at least 0')).toBeTruthy();
    expect(writes(spy)).toEqual([]);
  });

  it('hides the invoice settings from roles that may not set them', () => {
    serve(() => json({}));
    renderAs(['ssp'], null);
    expect(screen.queryByLabelText('Credit limit (₱)')).toBeNull();
    expect(screen.queryByLabelText(/Account manager/)).toBeNull();
  });
});

describe('edit business', () => {
  it('sends only the invoice fields that changed, the limit in centavos', async () => {
    const spy = serve(() => json({ data: { ...stored, members: [], addresses: [] } }));
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderAs(['staff'], stored, onOpenChange);
    const dialog = screen.getByRole('dialog', { name: 'Edit Sari-Sari Trading' });
    expect((within(dialog).getByLabelText('Credit limit (₱)') as HTMLInputElement).value).toBe('50000');
    await user.clear(within(dialog).getByLabelText('Credit limit (₱)'));
    await user.type(within(dialog).getByLabelText('Credit limit (₱)'), '75000');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes(spy)).toEqual([{ url: `/api/businesses/${stored.id}`, method: 'PATCH', body: { invoiceAccount: { creditLimitInCents: 7_500_000 } } }]);
  });

  it('shows the API refusal on its field', async () => {
    serve(() =>
      json(
        {
          statusCode: 422,
          code: 'VALIDATION_ERROR',
          message: 'Invalid',
          details: [{ field: 'body.tin', message: 'Enter the TIN as 000-000-000 or 000-000-000-000 (branch code)' }],
        },
        422,
      ),
    );
    const user = userEvent.setup();
    renderAs(['staff'], stored);
    const dialog = screen.getByRole('dialog', { name: 'Edit Sari-Sari Trading' });
    await user.type(within(dialog).getByLabelText(/TIN/), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Enter the TIN as 000-000-000 or 000-000-000-000 (branch code)')).toBeTruthy();
  });
});

describe('add business in Filipino', () => {
  it('asks for the business and its owner, and says what is wrong, in Filipino with no English sentence left', async () => {
    const spy = serve(() => json({}));
    const user = userEvent.setup();
    await activateLanguage('fil');
    renderAs(['admin'], null);
    const dialog = screen.getByRole('dialog', { name: 'Magdagdag ng negosyo' });
    await user.clear(within(dialog).getByLabelText('Palugit sa pagbabayad (araw)'));
    await user.type(within(dialog).getByLabelText('Palugit sa pagbabayad (araw)'), '400');
    await user.click(within(dialog).getByRole('button', { name: 'Magdagdag ng negosyo' }));
    expect(await within(dialog).findByText('Ilagay ang pangalan ng negosyo')).toBeTruthy();
    expect(within(dialog).getByText('Dapat hindi lalampas sa 365')).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'Mag-imbita ng bago' })).toBeTruthy();
    expect(englishLeftIn(readableText(dialog), 'businesses')).toEqual([]);
    expect(writes(spy)).toEqual([]);
  });
});
