import { cleanup, screen, within } from '@testing-library/react';
import { renderWithI18n as render } from '../../testing/render';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ActivityChanges } from './components/activity-changes';
import { ActivityWhat } from './components/activity-what';
import { activityChanges, fieldLabel } from './lib/activity-changes';
import { parseActivitySearch } from './lib/activity-search';

afterEach(cleanup);

describe('the before → after summary', () => {
  it('lists only the fields that changed, with readable labels and money in pesos', () => {
    const changes = activityChanges(
      { retrievalFeeInCents: 5000, isIntraCityEnabled: false, name: 'Cebu', deliveryStatus: 'Pending', updatedAt: '2026-11-01T00:00:00.000Z' },
      { retrievalFeeInCents: 7550, isIntraCityEnabled: true, name: 'Cebu', deliveryStatus: 'Pending', note: 'Rush', updatedAt: '2026-11-02T00:00:00.000Z' },
    );
    expect(changes).toEqual([
      { field: 'retrievalFeeInCents', label: 'Retrieval fee', before: '₱50.00', after: '₱75.50' },
      { field: 'isIntraCityEnabled', label: 'Is intra city enabled', before: 'No', after: 'Yes' },
      { field: 'note', label: 'Note', before: '—', after: 'Rush' },
    ]);
    expect(fieldLabel('deliveryStatus')).toBe('Delivery status');
    expect(fieldLabel('pickupById')).toBe('Pickup by ID');
  });

  it('treats a missing side as empty (created and deleted records)', () => {
    expect(activityChanges(null, { code: 'RAINY50' })).toEqual([{ field: 'code', label: 'Code', before: '—', after: 'RAINY50' }]);
    expect(activityChanges({ code: 'RAINY50' }, null)).toEqual([{ field: 'code', label: 'Code', before: 'RAINY50', after: '—' }]);
    expect(activityChanges(null, null)).toEqual([]);
  });

  it('opens to show each change and says nothing when nothing changed', async () => {
    const { container, rerender } = render(
      <ActivityChanges entry={{ before: { amountInCents: 10000, status: 'ACTIVE' }, after: { amountInCents: 12500, status: 'ACTIVE' } }} />,
    );
    const toggle = screen.getByText('1 change');
    const details = container.querySelector('details')!;
    expect(details.open).toBe(false);
    await userEvent.click(toggle);
    expect(details.open).toBe(true);
    const term = screen.getByText('Amount');
    const value = within(term.parentElement!).getByRole('definition');
    expect(value.textContent).toContain('₱100.00');
    expect(value.textContent).toContain('₱125.00');
    expect(screen.queryByText('Status')).toBeNull();

    rerender(<ActivityChanges entry={{ before: { status: 'ACTIVE' }, after: { status: 'ACTIVE' } }} />);
    expect(screen.queryByText(/change/)).toBeNull();
    expect(screen.getByText('—')).toBeTruthy();
  });
});

describe('the activity log address', () => {
  it('keeps a known category and a valid date range, and drops the rest', () => {
    expect(parseActivitySearch({ category: 'promo-codes', startDate: '2026-11-01', endDate: '2026-11-30', page: '2' })).toEqual({
      category: 'promo-codes',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      page: 2,
    });
    expect(parseActivitySearch({ category: 'nope', startDate: '2026-11-30', endDate: '2026-11-01' })).toEqual({ startDate: '2026-11-30' });
  });
});

describe('what an entry says', () => {
  it('shows an event the server recorded as its summary with the action, record and category', () => {
    render(
      <ActivityWhat
        entry={{
          action: 'UPDATED',
          entity: 'Shipment',
          entityId: 'HTD-1',
          category: 'delivery_status',
          summary: 'HTD-1: Package picked up',
          createdByName: 'Rico Rider',
        }}
      />,
    );
    expect(screen.getByText('HTD-1: Package picked up')).toBeTruthy();
    expect(screen.getByText('Updated · Shipment HTD-1 · Delivery status')).toBeTruthy();
    expect(screen.queryByText(/Note by/)).toBeNull();
  });

  it('shows what a person wrote as a note by them, never as the event its words describe', () => {
    const { container } = render(
      <ActivityWhat
        entry={{
          action: 'NOTE',
          entity: 'Invoice',
          entityId: 'INV-000001',
          category: 'manual',
          summary: 'Invoice INV-000001 voided',
          createdByName: 'Connie Consolidator',
        }}
      />,
    );
    expect(screen.getByText('Note by Connie Consolidator')).toBeTruthy();
    expect(container.querySelector('blockquote')?.textContent).toBe('“Invoice INV-000001 voided”');
    expect(screen.getByText('About Invoice INV-000001')).toBeTruthy();
    expect(screen.queryByText(/Deleted|Updated/)).toBeNull();
  });

  it('names the record as people call it, not by its id, when the server could tell (issue 29 item 10)', () => {
    render(
      <ActivityWhat
        entry={{
          action: 'UPDATED',
          entity: 'User',
          entityId: '35897787-0000-4000-8000-000000000001',
          entityName: 'Jose Ramos',
          category: 'users',
          summary: 'Deactivated Jose Ramos',
          createdByName: 'Ana Admin',
        }}
      />,
    );
    expect(screen.getByText(/Updated · User Jose Ramos ·/)).toBeTruthy();
    expect(screen.queryByText(/35897787/)).toBeNull();
  });

  it('shows a note about no record without an "About" line', () => {
    render(
      <ActivityWhat entry={{ action: 'NOTE', entity: null, entityId: null, category: 'manual', summary: 'Hub closed at 3 PM', createdByName: 'Ana Admin' }} />,
    );
    expect(screen.getByText('Note by Ana Admin')).toBeTruthy();
    expect(screen.queryByText(/^About/)).toBeNull();
  });
});
