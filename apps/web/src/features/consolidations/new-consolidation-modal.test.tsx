import type { ConsolidationShipmentDto, CourierDto } from '@hatid/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n, renderWithProviders } from '../../testing/render';
import { NewConsolidationModal } from './components/new-consolidation-modal';
import { TransportText } from './routes/consolidation-detail-page';
import { activateLanguage } from '../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../testing/english-left';
import { ScanBox } from './components/scan-box';

vi.mock('@tanstack/react-router', async (original) => ({ ...(await original<typeof import('@tanstack/react-router')>()), useNavigate: () => vi.fn() }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const cebuPacific: CourierDto = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Cebu Pacific Cargo',
  type: 'carrier',
  category: 'air',
  code: '5J',
  contactName: null,
  contactNumber: null,
  contactEmail: null,
  isActive: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('new consolidation (issue 29, item 4)', () => {
  it('says the carrier and the master air waybill are needed to seal, not optional, and offers the seeded carriers', () => {
    renderWithProviders(<NewConsolidationModal carriers={[cebuPacific]} onClose={vi.fn()} />);
    const carrier = screen.getByLabelText('Carrier — needed to seal');
    expect(screen.getByRole('option', { name: 'Cebu Pacific Cargo' })).toBeTruthy();
    expect(carrier.tagName).toBe('SELECT');
    expect(screen.getByLabelText('Master air waybill (MAWB) — needed to seal').tagName).toBe('INPUT');
    expect(screen.getByRole('dialog').textContent).not.toContain('(optional)');
  });

  it('puts a refusal under its field, in words, and never shows a field path', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      Response.json(
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'masterAwbNumber: 5 to 30 letters, digits or hyphens, e.g. 079-12345675; trackingNumbers.0: Check the tracking number: it has a typo',
          details: [
            { field: 'masterAwbNumber', message: '5 to 30 letters, digits or hyphens, e.g. 079-12345675' },
            { field: 'trackingNumbers.0', message: 'Check the tracking number: it has a typo' },
          ],
        },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<NewConsolidationModal carriers={[cebuPacific]} onClose={vi.fn()} />);
    await user.selectOptions(screen.getByLabelText('To airport'), 'CEB');
    await user.type(screen.getByLabelText('Master air waybill (MAWB) — needed to seal'), '07');
    await user.click(screen.getByRole('button', { name: 'Open consolidation' }));
    await waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThan(1));
    const said = screen.getAllByRole('alert').map((a) => a.textContent ?? '');
    expect(said).toEqual(
      expect.arrayContaining(['5 to 30 letters, digits or hyphens, e.g. 079-12345675', expect.stringContaining('Check the tracking number: it has a typo')]),
    );
    for (const text of said) expect(text).not.toMatch(/masterAwbNumber|trackingNumbers|\.0:/);
  });
});

describe("a shipment's transport in a consolidation (issue 29, item 19)", () => {
  const line = { carrier: null, flightNumber: null } as unknown as ConsolidationShipmentDto;
  const courier = { id: cebuPacific.id, name: 'Cebu Pacific Cargo', code: '5J' };

  it("shows the consolidation's carrier and MAWB when the shipment has no flight of its own", () => {
    renderWithI18n(<TransportText line={line} detail={{ courier, masterAwbNumber: '203-12345675' }} />);
    expect(document.body.textContent).toBe('Cebu Pacific CargoMAWB 203-12345675');
  });

  it('shows its own flight first, and "Not set" only when nothing is known', () => {
    renderWithI18n(<TransportText line={{ ...line, flightNumber: '5J 561' }} detail={{ courier, masterAwbNumber: null }} />);
    expect(document.body.textContent).toBe('Cebu Pacific Cargo 5J 561');
    cleanup();
    renderWithI18n(<TransportText line={line} detail={{ courier: null, masterAwbNumber: null }} />);
    expect(document.body.textContent).toBe('Not set');
  });
});

describe('consolidations in Filipino (issue 32)', () => {
  it('opens a consolidation and scans packages with no English sentence left', async () => {
    await activateLanguage('fil');
    renderWithProviders(<NewConsolidationModal carriers={[cebuPacific]} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Bagong consolidation' });
    expect(dialog.textContent).toContain('— kailangan para i-seal');
    expect(englishLeftIn(readableText(), 'consolidations')).toEqual([]);
    cleanup();

    renderWithI18n(<ScanBox label="Kumpirmahin ang package sa destinasyon" withFinding pending={false} onScan={vi.fn()} />);
    expect(screen.getByRole('radio', { name: 'Nawawala' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kumpirmahin' })).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('I-scan o i-type ang tracking number'), 'ND868227646PH{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('ND868227646PH: tingnan ang tracking number: may typo ito');
    expect(englishLeftIn(readableText(), 'consolidations')).toEqual([]);
  });
});
