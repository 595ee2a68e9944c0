import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as api from '../api/index.js';
import { addressInput } from '../api/addresses.js';
import { cancelShipmentBody } from '../api/shipments.js';
import { registerCustomerBody, updateMeBody } from '../api/users.js';
import { installPlainErrorMessages } from './plain-errors.js';

const messagesOf = (result: { success: boolean; error?: z.ZodError }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

// zod's own wording ("Invalid input: expected string, received undefined", "Too big: expected…"); "received" alone is
// a word people use (a package is received, missing or damaged), so only zod's "received <type>" counts.
const PROGRAMMER_TEXT = /invalid input|expected|received (undefined|null|string|number|boolean|object|array|nan|bigint|date)|too (big|small)/i;

beforeAll(() => installPlainErrorMessages());

describe('plain error messages', () => {
  it('says what to do for every empty field of an address: enter the text, choose from the lists', () => {
    expect(messagesOf(addressInput.safeParse({}))).toEqual({
      name: 'Enter the contact name',
      mobileNumber: 'Enter the mobile number',
      provinceCode: 'Choose a province',
      cityCode: 'Choose a city or municipality',
      barangayCode: 'Choose a barangay',
      streetName: 'Enter the street, building and house number',
    });
    expect(messagesOf(addressInput.safeParse({ name: '', streetName: '  ' }))).toMatchObject({
      name: 'Enter the contact name',
      streetName: 'Enter the street, building and house number',
    });
  });

  it('names the sign-up and profile fields, null included', () => {
    const signUp = messagesOf(registerCustomerBody.safeParse({ registrationToken: 't', accountType: 'individual' }));
    expect(signUp).toEqual({ firstName: 'Enter the first name', lastName: 'Enter the last name' });
    expect(messagesOf(updateMeBody.safeParse({ firstName: null, lastName: null }))).toEqual({
      firstName: 'Enter the first name',
      lastName: 'Enter the last name',
    });
  });

  it('keeps the messages written into a schema', () => {
    expect(messagesOf(cancelShipmentBody.safeParse({}))).toEqual({ reasonForCancellation: 'Choose a reason' });
    expect(messagesOf(addressInput.safeParse({ provinceCode: 'x' })).provinceCode).toBe('Choose from the list');
  });

  it('never shows zod’s programmer text, whatever the issue', () => {
    const schema = z
      .object({
        title: z.string().max(3),
        code: z.string().min(4),
        count: z.number().int().min(1).max(5),
        price: z.number().multipleOf(0.01),
        kind: z.enum(['a', 'b']),
        tags: z.array(z.string()).min(1),
        website: z.url(),
        when: z.date(),
        either: z.union([z.number(), z.boolean()]),
        flag: z.boolean(),
      })
      .strict();
    const bad = { title: 'long', code: 'ab', count: 1.5, price: 1.234, kind: 'c', tags: [], website: 'nope', when: 'x', either: 'x', flag: 'yes', extra: 1 };
    const messages = Object.values(messagesOf(schema.safeParse(bad)));
    expect(messages.length).toBeGreaterThanOrEqual(10);
    for (const message of messages) expect(message).not.toMatch(PROGRAMMER_TEXT);
    expect(messagesOf(schema.safeParse({}))).toMatchObject({ title: 'Enter the title', kind: 'Choose a kind', flag: 'Choose a flag' });
    expect(messagesOf(z.object({ a: z.string() }).safeParse(undefined))).toEqual({ '': 'Send the details as a JSON object' });
    expect(messagesOf(z.object({ shipmentId: z.uuid(), weightInGrams: z.number() }).safeParse({ shipmentId: 'x', weightInGrams: 'heavy' }))).toEqual({
      shipmentId: 'Choose a shipment from the list',
      weightInGrams: 'The weight must be a number',
    });
  });

  it('no request schema of the API answers in zod’s words, empty or with every field of the wrong type', () => {
    const schemas = (Object.entries(api) as [string, unknown][]).filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType);
    expect(schemas.length).toBeGreaterThan(40);
    for (const [name, schema] of schemas) {
      for (const input of [
        {},
        undefined,
        null,
        'text',
        42,
        [],
        { page: 'x', name: 7, email: 5, mobileNumber: [], provinceCode: {}, packages: [{}], status: 1, type: true },
      ]) {
        const result = schema.safeParse(input);
        for (const issue of result.error?.issues ?? []) expect(`${name}: ${issue.message}`).not.toMatch(PROGRAMMER_TEXT);
      }
    }
  });
});
