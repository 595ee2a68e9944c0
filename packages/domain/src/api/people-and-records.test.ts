import { describe, expect, it } from 'vitest';
import { createActivityBody, globalActivityQuery, isWrittenByHand } from './activities.js';
import { businessMemberInput, createBusinessBody, tinSchema, updateBusinessBody } from './businesses.js';
import { partnerProvincesBody } from './partners.js';
import { salesReportExportQuery, salesReportQuery } from './reports.js';

describe('business schemas', () => {
  it('keeps a TIN as 000-000-000(-branch), whatever the spelling', () => {
    expect(tinSchema.parse('123456789')).toBe('123-456-789');
    expect(tinSchema.parse(' 123-456-789-000 ')).toBe('123-456-789-000');
    expect(tinSchema.parse('123 456 789 00001')).toBe('123-456-789-00001');
    expect(tinSchema.safeParse('12345').success).toBe(false);
    expect(tinSchema.safeParse('1234567890').success).toBe(false);
  });

  it('names a member by user id or mobile number, not both, and defaults the role to member', () => {
    expect(businessMemberInput.parse({ mobileNumber: '0917 123 4567' })).toEqual({ mobileNumber: '+639171234567', role: 'business_member' });
    expect(businessMemberInput.safeParse({}).success).toBe(false);
    expect(businessMemberInput.safeParse({ mobileNumber: '09171234567', userId: '0b5e5a55-4d8c-4c53-9d7e-8f1c2a3b4c5d' }).success).toBe(false);
  });

  it('needs a name to create and something to change', () => {
    expect(createBusinessBody.safeParse({ name: '  ' }).success).toBe(false);
    expect(createBusinessBody.parse({ name: 'Cruz', email: 'A@B.PH' }).email).toBe('a@b.ph');
    expect(updateBusinessBody.safeParse({}).success).toBe(false);
    expect(updateBusinessBody.safeParse({ tin: null }).success).toBe(true);
  });
});

describe('activity, partner and report schemas', () => {
  it('takes a note as text about a known kind of record, never the server’s verbs, categories or statuses', () => {
    expect(createActivityBody.parse({ action: 'DELETED', entity: 'Business', summary: ' Called ', category: 'billings', status: 'VOIDED' })).toEqual({
      entity: 'Business',
      summary: 'Called',
    });
    expect(createActivityBody.parse({ summary: 'Hub closed at 3 PM (typhoon)' })).toEqual({ summary: 'Hub closed at 3 PM (typhoon)' });
    expect(createActivityBody.safeParse({ entity: 'Spaceship', summary: 'x' }).success).toBe(false);
    expect(createActivityBody.safeParse({ entityId: 'INV-000001', summary: 'x' }).error?.issues[0]?.path).toEqual(['entity']);
    expect(isWrittenByHand({ action: 'NOTE', category: 'manual' })).toBe(true);
    expect(isWrittenByHand({ action: 'DELETED', category: 'counter' })).toBe(true);
    expect(isWrittenByHand({ action: 'UPDATED', category: 'billings' })).toBe(false);
    expect(globalActivityQuery.safeParse({ startDate: '2026-03-02', endDate: '2026-03-01' }).success).toBe(false);
    expect(globalActivityQuery.safeParse({ startDate: '2026-03-01T00:00:00+08:00' }).success).toBe(true);
  });

  it('takes each province once', () => {
    expect(partnerProvincesBody.safeParse({ provinceCodes: ['0305400000', '0305400000'] }).success).toBe(false);
    expect(partnerProvincesBody.safeParse({ provinceCodes: [] }).success).toBe(true);
  });

  it('reads report queries with a day period by default and delivery types as a list', () => {
    expect(salesReportQuery.parse({})).toEqual({ period: 'day' });
    expect(salesReportQuery.parse({ deliveryTypes: 'same_day,next_day' }).deliveryTypes).toEqual(['same_day', 'next_day']);
    expect(salesReportQuery.safeParse({ startDate: '2026-03-02', endDate: '2026-03-01' }).success).toBe(false);
    expect(salesReportExportQuery.parse({ filename: ' Sales ' }).filename).toBe('Sales');
  });
});
