import { describe, expect, it } from 'vitest';
import { mobileNumberSchema, nameSchema, numericField, optionalNumericField } from './index.js';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('names', () => {
  it.each(['María Dela Cruz', 'Jose P. Rizal', "O'Brien-Santos", 'Niño, Jr.'])('accepts %s', (name) => {
    expect(nameSchema.safeParse(name).success).toBe(true);
  });
  it.each(['Juan 2', 'R2D2', 'name@mail', '   '])('refuses %j', (name) => {
    expect(nameSchema.safeParse(name).success).toBe(false);
  });
});

describe('mobile numbers', () => {
  it.each([
    ['+639171234567', '+639171234567'],
    ['639171234567', '+639171234567'],
    ['09171234567', '+639171234567'],
    ['9171234567', '+639171234567'],
    ['08171234567', '+638171234567'],
    ['0917 123 4567', '+639171234567'],
  ])('accepts %s as %s', (input, normalised) => {
    expect(mobileNumberSchema.parse(input)).toBe(normalised);
  });
  it.each(['0917123456', '+6391712345678', '07171234567', '+12025550123', ''])('refuses %j', (input) => {
    const result = mobileNumberSchema.safeParse(input);
    expect(result.success).toBe(false);
  });
});

describe('numeric fields', () => {
  const amount = numericField({ min: 0, max: 1000 });

  it('parses numeric strings to numbers', () => {
    expect(amount.parse('12.50')).toBe(12.5);
    expect(amount.parse(' 7 ')).toBe(7);
    expect(amount.parse(3)).toBe(3);
  });

  it.each([1e21, '1e3', '2E-2', '1.5e2'])('refuses scientific notation %j', (value) => {
    expect(messagesOf(amount.safeParse(value))).toEqual(['Scientific notation is not allowed']);
  });

  it('refuses more than two decimals, from a number or a string', () => {
    expect(messagesOf(amount.safeParse('1.234'))).toEqual(['Value must have at most 2 decimal places']);
    expect(messagesOf(amount.safeParse(0.001))).toEqual(['Value must have at most 2 decimal places']);
    expect(amount.parse('1.23')).toBe(1.23);
  });

  it('names the minimum and maximum in its messages', () => {
    expect(messagesOf(amount.safeParse(-0.01))).toEqual(['Value must be at least 0']);
    expect(messagesOf(amount.safeParse('1000.01'))).toEqual(['Value must not exceed 1000']);
    expect(amount.parse(1000)).toBe(1000);
  });

  it('refuses text that is not a number, and a blank required field', () => {
    expect(messagesOf(amount.safeParse('abc'))).toEqual(['Enter a number']);
    expect(messagesOf(amount.safeParse('1,000'))).toEqual(['Enter a number']);
    expect(messagesOf(amount.safeParse(''))).toEqual(['Required']);
  });

  it('uses custom messages when given', () => {
    const fee = numericField({ min: 1, messages: { min: 'A fee starts at 1 peso', scientific: 'Digits only' } });
    expect(messagesOf(fee.safeParse(0))).toEqual(['A fee starts at 1 peso']);
    expect(messagesOf(fee.safeParse('1e2'))).toEqual(['Digits only']);
  });

  it('refuses fractions when whole numbers are asked for', () => {
    const cents = numericField({ integer: true });
    expect(messagesOf(cents.safeParse('10.5'))).toEqual(['Value must be a whole number']);
    expect(cents.parse('10')).toBe(10);
  });

  it('defaults an optional field to 0 but still checks a given value', () => {
    const optional = optionalNumericField({ min: 0 });
    expect(optional.parse(undefined)).toBe(0);
    expect(optional.parse(null)).toBe(0);
    expect(optional.parse('')).toBe(0);
    expect(optional.parse('4.5')).toBe(4.5);
    expect(messagesOf(optional.safeParse('-1'))).toEqual(['Value must be at least 0']);
  });
});
