import { cleanup, screen } from '@testing-library/react';
import { renderWithI18n as render } from '../../../testing/render';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryStatus, PublicTrackingDto, ShipmentStatus } from '@hatid/domain';
import { PublicTrackingResult } from './public-tracking-result';
import { StatusTimeline } from './status-timeline';
import { TimelineHeadline } from './timeline-headline';

afterEach(cleanup);

describe('TimelineHeadline', () => {
  it.each<[ShipmentStatus, DeliveryStatus, string]>([
    ['Cancelled', 'For pickup', 'Shipment order cancelled'],
    ['Pending', 'Order placed', 'Shipment order placed'],
    ['Pending', 'For pickup', 'Shipment order placed'],
    ['OnGoing', 'For pickup', 'Courier is on the way for pick up'],
    ['OnGoing', 'Picked up', 'Shipment is on the way'],
    ['OnGoing', 'Out for delivery', 'Shipment is on the way'],
    ['OnGoing', 'Delivered', 'Delivered'],
  ])('a %s shipment at "%s" reads "%s"', (status, deliveryStatus, text) => {
    render(<TimelineHeadline shipment={{ status, deliveryStatus }} />);
    expect(screen.getByTestId('timeline-headline').textContent).toBe(text);
  });

  it('public tracking of a delivered parcel: badge and headline agree, with the day it was delivered (issue 29, item 13)', () => {
    const tracking: PublicTrackingDto = {
      trackingNumber: 'ND000000011PH',
      status: 'OnGoing',
      deliveryStatus: 'Delivered',
      headline: 'Delivered on November 05, 2026',
      deliveryType: 'next_day',
      origin: { cityLabel: 'Makati City', provinceName: 'Metro Manila' },
      destination: { cityLabel: 'Cebu City', provinceName: 'Cebu' },
      pickupDate: null,
      createdAt: '2026-11-03T02:00:00.000Z',
      deliveredAt: '2026-11-05T06:00:00.000Z',
      timeline: [
        { name: 'Delivered', customStatusName: null, deliveryStatus: 'Delivered', reason: null, createdAt: '2026-11-05T06:00:00.000Z' },
        { name: 'Order placed', customStatusName: null, deliveryStatus: 'Order placed', reason: null, createdAt: '2026-11-03T02:00:00.000Z' },
      ],
    };
    const { rerender } = render(<PublicTrackingResult tracking={tracking} />);
    expect(screen.getByTestId('timeline-headline').textContent).toBe('Delivered on November 05, 2026');
    expect(screen.queryByText('Shipment order placed')).toBeNull();
    const returned = {
      ...tracking,
      timeline: [
        {
          name: 'Return to sender delivered',
          customStatusName: null,
          deliveryStatus: 'Delivered' as const,
          reason: null,
          createdAt: '2026-11-05T06:00:00.000Z',
        },
        ...tracking.timeline.slice(1),
      ],
    };
    rerender(<PublicTrackingResult tracking={returned} />);
    expect(screen.getByTestId('timeline-headline').textContent).toBe('Returned to the sender on November 05, 2026');
  });

  it('public tracking shows the day the rider picked the parcel up, not the planned pickup day after it', () => {
    const booked: PublicTrackingDto = {
      trackingNumber: 'IC000000012PH',
      status: 'Pending',
      deliveryStatus: 'Order placed',
      headline: 'Shipment order placed',
      deliveryType: 'intra_city',
      origin: { cityLabel: 'Makati City', provinceName: 'Metro Manila' },
      destination: { cityLabel: 'Makati City', provinceName: 'Metro Manila' },
      pickupDate: '2026-11-29',
      createdAt: '2026-11-28T02:00:00.000Z',
      deliveredAt: null,
      timeline: [{ name: 'Order placed', customStatusName: null, deliveryStatus: 'Order placed', reason: null, createdAt: '2026-11-28T02:00:00.000Z' }],
    };
    const { rerender } = render(<PublicTrackingResult tracking={booked} />);
    expect(screen.getByText('Pickup date').nextElementSibling?.textContent).toBe('November 29, 2026');

    const delivered: PublicTrackingDto = {
      ...booked,
      status: 'OnGoing',
      deliveryStatus: 'Delivered',
      headline: 'Delivered on November 28, 2026',
      deliveredAt: '2026-11-28T07:00:00.000Z',
      timeline: [
        { name: 'Delivered', customStatusName: null, deliveryStatus: 'Delivered', reason: null, createdAt: '2026-11-28T07:00:00.000Z' },
        { name: 'Package picked up', customStatusName: null, deliveryStatus: 'Picked up', reason: null, createdAt: '2026-11-28T03:00:00.000Z' },
        ...booked.timeline,
      ],
    };
    rerender(<PublicTrackingResult tracking={delivered} />);
    expect(screen.queryByText('Pickup date')).toBeNull();
    expect(screen.getByText('Picked up').nextElementSibling?.textContent).toBe('November 28, 2026');

    // Dropped off at a hub: it left the sender without a pickup, so no pickup day is shown at all.
    rerender(<PublicTrackingResult tracking={{ ...booked, status: 'OnGoing', deliveryStatus: 'Orig. hub' }} />);
    expect(screen.queryByText('Pickup date')).toBeNull();
    expect(screen.queryByText('Picked up')).toBeNull();
  });

  it('announces a change pushed while the page is open', () => {
    const { rerender } = render(<TimelineHeadline shipment={{ status: 'Pending', deliveryStatus: 'Order placed' }} />);
    const region = screen.getByText('Shipment order placed').closest('[aria-live]');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    rerender(<TimelineHeadline shipment={{ status: 'OnGoing', deliveryStatus: 'For pickup' }} />);
    expect(region?.textContent).toBe('Courier is on the way for pick up');
  });
});

describe('StatusTimeline', () => {
  const at = (iso: string) => new Date(iso).toISOString();
  it('lists updates newest first with time and place, and leaves hidden ones out', () => {
    render(
      <StatusTimeline
        entries={[
          { id: '1', name: 'Order placed', customStatusName: null, reason: null, createdAt: at('2026-11-05T01:00:00Z'), hideFromTimeline: false },
          { id: '2', name: 'Internal check', customStatusName: 'Internal check', reason: null, createdAt: at('2026-11-05T02:00:00Z'), hideFromTimeline: true },
          {
            id: '3',
            name: 'Pick up failed',
            customStatusName: null,
            reason: 'Sender unavailable',
            createdAt: at('2026-11-05T03:00:00Z'),
            location: 'Makati City',
          },
          { id: '4', name: 'On the way for pickup', customStatusName: null, reason: null, createdAt: at('2026-11-05T02:30:00Z') },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toContain('Pick up failed: Sender unavailable');
    expect(items[0]).toContain('November 05, 2026, 11:00 AM');
    expect(items[0]).toContain('Makati City');
    expect(items[1]).toContain('On the way for pickup');
    expect(items[2]).toContain('Order placed');
    expect(screen.queryByText(/Internal check/)).toBeNull();
  });

  it('says so when there is nothing to show yet', () => {
    render(<StatusTimeline entries={[]} />);
    expect(screen.getByText('No updates yet.')).toBeTruthy();
  });
});
