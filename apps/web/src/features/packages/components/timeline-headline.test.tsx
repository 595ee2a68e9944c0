import { cleanup, render, screen } from '@testing-library/react';
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
      timeline: [{ name: 'Return to sender delivered', customStatusName: null, deliveryStatus: 'Delivered' as const, reason: null, createdAt: '2026-11-05T06:00:00.000Z' }, ...tracking.timeline.slice(1)],
    };
    rerender(<PublicTrackingResult tracking={returned} />);
    expect(screen.getByTestId('timeline-headline').textContent).toBe('Returned to the sender on November 05, 2026');
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
          { id: '3', name: 'Pick up failed', customStatusName: null, reason: 'Sender unavailable', createdAt: at('2026-11-05T03:00:00Z'), location: 'Makati City' },
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
