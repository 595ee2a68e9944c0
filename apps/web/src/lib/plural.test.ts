import { describe, expect, it } from 'vitest';
import { plural, pluralNoun } from './plural';

const tickets = { one: 'ticket', other: 'tickets' };

describe('plural', () => {
  it('says 1 ticket, 0 tickets, 2 tickets, with the count grouped', () => {
    expect(plural(1, tickets)).toBe('1 ticket');
    expect(plural(0, tickets)).toBe('0 tickets');
    expect(plural(2, tickets)).toBe('2 tickets');
    expect(plural(1204, tickets)).toBe('1,204 tickets');
  });

  it('handles irregular nouns and gives the noun alone', () => {
    expect(plural(1, { one: 'business', other: 'businesses' })).toBe('1 business');
    expect(plural(3, { one: 'piece', other: 'pieces' })).toBe('3 pieces');
    expect(pluralNoun(1, { one: 'package', other: 'packages' })).toBe('package');
    expect(pluralNoun(5, { one: 'package', other: 'packages' })).toBe('packages');
  });
});
