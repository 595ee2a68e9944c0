import type { ActivityLogDto } from '@hatid/domain';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/catalogues';
import { renderConsoleScreen } from '../../testing/console-screen';
import { englishLeftIn, readableText } from '../../testing/english-left';
import { fakeApi, json } from '../../testing/fake-api';
import { ActivityLogPage } from './routes/activities-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const entry = (over: Partial<ActivityLogDto>) =>
  ({
    id: 'a1',
    action: 'UPDATED',
    entity: 'Shipment',
    entityId: 'ND123456785PH',
    entityName: null,
    category: 'delivery_status',
    // The summary is the server's record, stored in English: shown as it is.
    summary: 'ND123456785PH weighed at the Makati hub',
    before: { isPaid: false },
    after: { isPaid: true },
    createdByName: 'Rico Rider',
    createdAt: '2026-11-02T01:00:00.000Z',
    ...over,
  }) as ActivityLogDto;

describe('the activity log in Filipino', () => {
  it('says its headers, filters, entries and changes in Filipino, with no English sentence left', async () => {
    fakeApi(() =>
      json({
        data: [
          entry({}),
          entry({
            id: 'a2',
            action: 'NOTE',
            entity: 'Invoice',
            entityId: 'INV-000001',
            category: 'manual',
            summary: 'Call the client',
            before: null,
            after: null,
          }),
        ],
        page: 1,
        limit: 10,
        total: 2,
        totalPages: 1,
      }),
    );
    await activateLanguage('fil');
    renderConsoleScreen('/activity-logs', '/activity-logs', <ActivityLogPage />, ['admin']);

    expect(await screen.findByRole('heading', { level: 1, name: 'Log ng aktibidad' })).toBeTruthy();
    expect(await screen.findByText('Na-update · Padala ND123456785PH · Status ng delivery')).toBeTruthy();
    expect(screen.getByText('Tala ni Rico Rider')).toBeTruthy();
    expect(screen.getByText('Tungkol sa Invoice INV-000001')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Kailan' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Lahat ng kategorya' })).toBeTruthy();
    await userEvent.click(screen.getByText('1 pagbabago'));
    expect(screen.getByText('Oo')).toBeTruthy();
    expect(screen.getByText('2 tala', { exact: false })).toBeTruthy();
    expect(englishLeftIn(readableText(), 'activities', 'console')).toEqual([]);
  });
});
