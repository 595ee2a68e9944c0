import type { RoleName } from '@hatid/domain';
import { DEMO_PASSWORD, demoEmail } from '../seed/index.js';
import type { TestApp } from './build-test-app.js';
import { users } from '../db/schema/index.js';
import { SESSION_COOKIE, createSession } from '../modules/auth/index.js';
import { assignRoles } from '../modules/users/index.js';
import { newAgentCode } from '../modules/users/index.js';

export interface Session {
  cookie: string;
  userId: string;
}

function sessionCookie(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie.join(';') : (setCookie ?? '');
  const match = header.match(/hatid_session=([^;]+)/);
  if (!match) throw new Error('No session cookie was set');
  return `hatid_session=${match[1]}`;
}

/** Signs in as the seeded demo account of a role, the way staff do: email and password. */
export async function signInAs({ app }: TestApp, role: RoleName): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/loginWithEmail',
    payload: { email: demoEmail(role), password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`Sign-in as ${role} failed: ${res.body}`);
  return { cookie: sessionCookie(res.headers['set-cookie']), userId: res.json().data.id };
}

let counter = 0;
/** A mobile number no other test in this process uses. */
export function freshMobile(): string {
  counter += 1;
  return `+6398${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(5, '0')}`;
}

/** Signs up a new customer through OTP, as a person does in the browser. */
export async function signUpCustomer(t: TestApp, mobileNumber = freshMobile(), extra: Record<string, unknown> = {}): Promise<Session> {
  const sent = await t.app.inject({ method: 'POST', url: '/api/sms/sendOtp', payload: { mobileNumber } });
  if (sent.statusCode !== 200) throw new Error(`sendOtp failed: ${sent.body}`);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/sms/verifyOtp',
    payload: { mobileNumber, otp: t.sms.lastCodeFor(mobileNumber) },
  });
  const { registrationToken } = verified.json().data;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/registerCustomer',
    payload: { registrationToken, firstName: 'Ana', lastName: 'Cruz', accountType: 'individual', ...extra },
  });
  if (res.statusCode !== 201) throw new Error(`registerCustomer failed: ${res.body}`);
  return { cookie: sessionCookie(res.headers['set-cookie']), userId: res.json().data.id };
}

export { sessionCookie };

/**
 * A customer made directly in the database with a live session: for tests that need many people at once
 * (the OTP endpoints are rate limited per IP, as they must be).
 */
export async function createCustomer(t: TestApp, firstName = 'Test'): Promise<Session> {
  const db = t.database.db;
  const [user] = await db
    .insert(users)
    .values({ firstName, lastName: 'Customer', mobileNumber: freshMobile(), agentCode: newAgentCode() })
    .returning({ id: users.id });
  await assignRoles(db, user!.id, ['customer']);
  const { token } = await createSession(db, user!.id, { ttlDays: 1 });
  return { cookie: `${SESSION_COOKIE}=${token}`, userId: user!.id };
}

/** Opens the last email-confirmation link sent to `email`, as its owner does (signed out, any device). */
export async function proveEmail(t: TestApp, email: string): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/email-verification',
    payload: { token: t.email.lastTokenFor(email) },
    remoteAddress: `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  });
  if (res.statusCode !== 200) throw new Error(`email-verification failed: ${res.body}`);
}
