import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, type Session } from '../../testing/auth.js';

/**
 * A person's language (issue 32, DECISIONS.md "Languages"): kept on the account through the profile API, so the
 * web app opens in it on any device and SMS and push can use it; and errors that say which message they are.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const me = (s: Session) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: s.cookie } });
const updateMe = (s: Session, payload: object) => t.app.inject({ method: 'PUT', url: '/api/users/update/me', payload, headers: { cookie: s.cookie } });

describe('the language on the account', () => {
  it('is unset for a new person, then remembered once chosen, for the next device too', async () => {
    const person = await createCustomer(t, 'Liza');
    expect((await me(person)).json().data.language).toBeNull();

    const saved = await updateMe(person, { language: 'fil' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ firstName: 'Liza', language: 'fil' });
    expect((await me(person)).json().data.language).toBe('fil');
    // What SMS and push read.
    const [row] = await t.database.db.select({ language: users.language }).from(users).where(eq(users.id, person.userId));
    expect(row?.language).toBe('fil');

    // Changing the name leaves the language as it is.
    await updateMe(person, { firstName: 'Eliza' });
    expect((await me(person)).json().data).toMatchObject({ firstName: 'Eliza', language: 'fil' });
  });

  it('refuses a language Hatid does not speak, saying so on the field', async () => {
    const person = await createCustomer(t);
    const refused = await updateMe(person, { language: 'es' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: 'language', message: 'Choose English or Filipino' }]);
    expect((await me(person)).json().data.language).toBeNull();
  });

  it('cannot be stored outside English and Filipino, even past the API', async () => {
    const person = await createCustomer(t);
    await expect(
      t.database.db
        .update(users)
        .set({ language: 'xx' as 'en' })
        .where(eq(users.id, person.userId)),
    ).rejects.toThrow();
  });
});

describe('errors name their message for the reader language', () => {
  it('gives a known message its reason', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/users/loginWithEmail',
      payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Email or password is incorrect', reason: 'auth.wrong_email_or_password' });
  });

  it('gives a request validation message its reason too', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/api/sms/sendOtp', payload: { mobileNumber: '12345' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { field: 'mobileNumber', message: 'Enter a valid Philippine mobile number, e.g. 0917 123 4567', reason: 'validation.mobile_number' },
    ]);
  });

  it('sends the numbers of a message with parameters as params', async () => {
    const mobileNumber = '+639171110032';
    await t.app.inject({ method: 'POST', url: '/api/sms/sendOtp', payload: { mobileNumber } });
    const again = await t.app.inject({ method: 'POST', url: '/api/sms/sendOtp', payload: { mobileNumber } });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ reason: 'auth.code_wait', params: { seconds: expect.any(Number) } });
    expect(again.json().message).toBe(`Please wait ${again.json().params.seconds} seconds before asking for a new code`);
  });
});
