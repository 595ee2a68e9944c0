import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../../lib/toast';
import { renderWithProviders } from '../../../../testing/render';
import { PrintWaybillsButton } from './print-waybills-button';

vi.mock('../../lib/files', async (original) => ({ ...(await original<typeof import('../../lib/files')>()), saveBlob: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Print waybills for a selection', () => {
  it('prints the others when one is cancelled and names the skipped one', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="waybill-ND123456785PH.pdf"',
          'x-skipped-cancelled': 'SD000000014PH',
        },
      }),
    );
    const info = vi.spyOn(toast, 'info').mockImplementation(() => undefined);
    const { saveBlob } = await import('../../lib/files');
    const user = userEvent.setup();
    renderWithProviders(<PrintWaybillsButton trackingNumbers={['ND123456785PH', 'SD000000014PH']} />);
    await user.click(screen.getByRole('button', { name: 'Print waybills' }));

    await waitFor(() => expect(info).toHaveBeenCalledWith('Printed 1 of 2 waybills', { description: 'Skipped SD000000014PH: cancelled' }));
    expect(JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body))).toEqual({
      format: 'pdf',
      trackingNumbers: ['ND123456785PH', 'SD000000014PH'],
      skipCancelled: true,
    });
    expect(saveBlob).toHaveBeenCalledWith(expect.anything(), 'waybill-ND123456785PH.pdf');
  });
});
