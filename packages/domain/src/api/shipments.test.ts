import { describe, expect, it } from 'vitest';
import { bulkDeliveryStatusBody, deliveryStatusBody } from './shipments.js';

const issuesOf = (body: unknown) => {
  const parsed = deliveryStatusBody.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
};

describe('delivery status moves: reasons', () => {
  it('refuses a reason on an activity that has no reason list (custom, known or short label)', () => {
    for (const body of [
      { activity: 'Custom', customStatusName: 'Weighed', reason: 'heavy' },
      { activity: 'Package picked up', reason: 'Other' },
      { activity: 'Out for delivery', reason: 'Weather' },
      { activity: 'Some free text', reason: 'x' },
    ]) {
      const message = body.activity === 'Custom' ? 'A custom status takes no reason' : `"${body.activity}" takes no reason`;
      expect(issuesOf(body)).toEqual([{ field: 'reason', message }]);
    }
  });

  it('asks for one of the activity’s own reasons when it has a list', () => {
    expect(issuesOf({ activity: 'Pick up failed', reason: 'heavy' })).toEqual([
      { field: 'reason', message: expect.stringMatching(/^Choose a reason: Sender unavailable, /) },
    ]);
    // A delivery reason is not a pickup reason.
    expect(issuesOf({ activity: 'Pick up failed', reason: 'Refused by recipient' })).toHaveLength(1);
    expect(issuesOf({ activity: 'Pick up failed', reason: 'Sender unavailable' })).toEqual([]);
    expect(issuesOf({ activity: 'Delivery failed', reason: 'Refused by recipient' })).toEqual([]);
  });

  it('takes a blank reason as none', () => {
    expect(deliveryStatusBody.parse({ activity: 'Package picked up', reason: '  ' })).toEqual({ activity: 'Package picked up' });
    expect(issuesOf({ activity: 'Custom', customStatusName: 'Weighed' })).toEqual([]);
  });

  it('checks bulk moves the same way', () => {
    const parsed = bulkDeliveryStatusBody.safeParse({ activity: 'Custom', customStatusName: 'Weighed', reason: 'heavy', trackingNumbers: ['ND473124829PH'] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['reason']);
  });
});
