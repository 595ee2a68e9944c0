import { describe, expect, it } from 'vitest';
import { readPush, sameOriginPath } from './push-message';

const ORIGIN = 'https://hatid.example';

describe('a push as the phone shows it', () => {
  it('shows the server’s title and text and opens the job it names', () => {
    const push = readPush(
      { title: 'New pickup', body: 'ND000000001PH was assigned to you for pickup.', url: '/rider/shipments/ND000000001PH', tag: 'n1' },
      ORIGIN,
    );
    expect(push).toEqual({ title: 'New pickup', body: 'ND000000001PH was assigned to you for pickup.', url: '/rider/shipments/ND000000001PH', tag: 'n1' });
  });

  it('still shows something when fields are missing or not text', () => {
    expect(readPush(null, ORIGIN)).toEqual({ title: 'Hatid', body: '', url: '/' });
    expect(readPush({ title: 42, body: ['x'], url: null }, ORIGIN)).toEqual({ title: 'Hatid', body: '', url: '/' });
  });

  it('never opens another site from a push', () => {
    expect(sameOriginPath('https://evil.example/rider', ORIGIN)).toBe('/');
    expect(sameOriginPath('//evil.example/x', ORIGIN)).toBe('/');
    expect(sameOriginPath('javascript:alert(1)', ORIGIN)).toBe('/');
    expect(sameOriginPath(`${ORIGIN}/packages/ND1?x=1#top`, ORIGIN)).toBe('/packages/ND1?x=1#top');
  });
});
