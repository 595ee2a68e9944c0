import { describe, expect, it } from 'vitest';
import { describeNotification } from '../notifications/describe.js';
import { cancellationReasonText } from './cancellation.js';

describe('cancellationReasonText', () => {
  it('shows the person’s own words for "Other (please specify)", never the prompt', () => {
    expect(cancellationReasonText('Other (please specify)', '  Rebooking with the right address ')).toBe('Rebooking with the right address');
    expect(cancellationReasonText('Other (please specify)', null)).toBeNull();
  });

  it('shows a listed reason as it is, with a note in brackets', () => {
    expect(cancellationReasonText('Changed my mind')).toBe('Changed my mind');
    expect(cancellationReasonText('Changed my mind', 'ordered twice')).toBe('Changed my mind (ordered twice)');
    expect(cancellationReasonText(null)).toBeNull();
  });

  it('is what the cancelled notification says', () => {
    const reason = cancellationReasonText('Other (please specify)', 'Rebooking') ?? undefined;
    expect(describeNotification({ type: 'cancelled', metadata: { trackingNumber: 'ND123456785PH', reason } }).message).toBe(
      'Your shipment ND123456785PH has been cancelled (Rebooking).',
    );
  });
});
