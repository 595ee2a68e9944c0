import type { UserDto } from '@hatid/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddressForm } from '../features/addresses/components/address-form';
import { EnterNameForm } from '../features/auth/components/enter-name-form';
import { MobileNumberForm } from '../features/auth/components/mobile-number-form';
import { ProfileForm } from '../features/auth/components/profile-form';
import { RegistrationDetailsForm } from '../features/auth/components/registration-details-form';
import { CancelShipmentDialog } from '../features/shipments/components/cancel-shipment-dialog';
import { TicketForm } from '../features/tickets/components/ticket-form';
import { activateLanguage } from '../i18n/catalogues';
import { englishLeftIn } from '../testing/english-left';
import { renderWithProviders } from '../testing/render';
import { userDto } from '../testing/users';

// Zod's defaults ("Invalid input: expected string, received undefined") must never reach a person.
const PROGRAMMER_TEXT = /invalid input|expected|received|too (big|small)|undefined|null/i;

const user: UserDto = userDto();

beforeEach(() => {
  // Lists (provinces, shipments) load empty; nothing is saved because nothing valid is submitted.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ data: [], page: 1, limit: 10, total: 0, totalPages: 0, hasNextPage: false }));
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function errorsAfterSubmitting(ui: ReactElement, button: string, prepare?: (u: ReturnType<typeof userEvent.setup>) => Promise<void>) {
  const u = userEvent.setup();
  renderWithProviders(ui);
  await prepare?.(u);
  await u.click(screen.getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryAllByRole('alert').length).toBeGreaterThan(0));
  return screen.queryAllByRole('alert').map((alert) => alert.textContent ?? '');
}

describe('form errors are plain words', () => {
  it('Add address, submitted empty, says what to enter and what to choose', async () => {
    const errors = await errorsAfterSubmitting(<AddressForm onSaved={vi.fn()} onCancel={vi.fn()} />, 'Save address');
    expect(errors).toEqual(
      expect.arrayContaining([
        'Enter the contact name',
        'Enter the mobile number',
        'Choose a province',
        'Choose a city or municipality',
        'Choose a barangay',
        'Enter the street, building and house number',
      ]),
    );
    for (const error of errors) expect(error).not.toMatch(PROGRAMMER_TEXT);
  });

  it('the sign-up name step and the profile form name the empty name fields', async () => {
    const signUp = await errorsAfterSubmitting(<EnterNameForm onSubmit={vi.fn()} />, 'Continue');
    expect(signUp).toEqual(['Enter the first name', 'Enter the last name']);
    cleanup();
    const profile = await errorsAfterSubmitting(<ProfileForm user={user} />, 'Save changes', async (u) => {
      await u.clear(screen.getByLabelText('First name'));
      await u.clear(screen.getByLabelText('Last name'));
    });
    expect(profile).toEqual(['Enter the first name', 'Enter the last name']);
  });

  it('no other customer form shows programmer text when submitted empty', async () => {
    // biome-ignore-start lint/correctness/useJsxKeyInIterable: rendered one at a time, never as a list
    const forms: [ReactElement, string][] = [
      [<RegistrationDetailsForm accountType="business" registrationToken="t" firstName="Ana" lastName="Reyes" onRegistered={vi.fn()} />, 'Create account'],
      [<CancelShipmentDialog shipment={{ id: 'x', trackingNumber: 'ND123456785PH' }} open onOpenChange={vi.fn()} />, 'Cancel shipment'],
      [<TicketForm />, 'Send message'],
    ];
    // biome-ignore-end lint/correctness/useJsxKeyInIterable: rendered one at a time, never as a list
    for (const [ui, button] of forms) {
      const errors = await errorsAfterSubmitting(ui, button);
      for (const error of errors) expect(error).not.toMatch(PROGRAMMER_TEXT);
      cleanup();
    }
  });
});

describe("form errors in the reader's language (issue 32)", () => {
  it('a wrong mobile number is refused in Filipino, with the same example', async () => {
    await activateLanguage('fil');
    const errors = await errorsAfterSubmitting(<MobileNumberForm onSent={vi.fn()} />, 'Ipadala ang code', async (u) => {
      // The full phone field replaces its read-only stand-in once the phone libraries load (slow in a busy run).
      await screen.findByRole('button', { name: /^Bansa/ }, { timeout: 10_000 });
      await u.type(screen.getByLabelText('Mobile number'), '12345');
    });
    expect(errors).toEqual(['Maglagay ng tamang mobile number sa Pilipinas, hal. 0917 123 4567']);
  });

  it('empty fields are named in Filipino: what to enter, what to choose', async () => {
    await activateLanguage('fil');
    expect(await errorsAfterSubmitting(<EnterNameForm onSubmit={vi.fn()} />, 'Magpatuloy')).toEqual(['Ilagay ang pangalan', 'Ilagay ang apelyido']);
    cleanup();
    const address = await errorsAfterSubmitting(<AddressForm onSaved={vi.fn()} onCancel={vi.fn()} />, 'I-save ang address');
    expect(address).toEqual(
      expect.arrayContaining([
        'Ilagay ang pangalan ng contact',
        // Words Filipino keeps stay as they are inside the sentence.
        'Ilagay ang mobile number',
        'Pumili ng probinsya',
        'Pumili ng lungsod o munisipyo',
        'Pumili ng barangay',
        'Ilagay ang kalye, gusali at numero ng bahay',
      ]),
    );
    expect(englishLeftIn(address.join(' '), 'app', 'addresses')).toEqual([]);
  });

  it('switching back to English says them in English again', async () => {
    await activateLanguage('fil');
    await activateLanguage('en');
    expect(await errorsAfterSubmitting(<EnterNameForm onSubmit={vi.fn()} />, 'Continue')).toEqual(['Enter the first name', 'Enter the last name']);
  });
});
