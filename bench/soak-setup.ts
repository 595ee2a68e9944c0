/**
 * The chaos soak's setup and sign-in checks (bench/soak.ts): many customers made directly in the database with
 * live sessions (the OTP sign-up is rate limited per address, as it must be), and the sign-in limits tried
 * through the proxy from addresses of their own (HAProxy appends the client's X-Forwarded-For; TRUST_PROXY
 * names the proxy, so the API processes count the forwarded address).
 */
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../apps/server/src/db/client.js';
import { users } from '../apps/server/src/db/schema/index.js';
import { SESSION_COOKIE, createSession } from '../apps/server/src/modules/auth/index.js';
import { assignRoles, newAgentCode } from '../apps/server/src/modules/users/index.js';

export interface Customer {
  userId: string;
  cookie: string;
}

/** `count` customers with a session each, in the database at `databaseUrl`. */
export async function createCustomers(databaseUrl: string, count: number): Promise<Customer[]> {
  const database_ = await openDatabase({ url: databaseUrl });
  try {
    const made: Customer[] = [];
    for (let i = 0; i < count; i++) {
      const [row] = await database_.db
        .insert(users)
        .values({ firstName: `Soak${i}`, lastName: 'Customer', mobileNumber: `+63997${String(i).padStart(7, '0')}`, agentCode: newAgentCode() })
        .returning({ id: users.id });
      await assignRoles(database_.db, row!.id, ['customer']);
      const { token } = await createSession(database_.db, row!.id, { ttlDays: 1 });
      made.push({ userId: row!.id, cookie: `${SESSION_COOKIE}=${token}` });
    }
    return made;
  } finally {
    await database_.close();
  }
}

const PER_IP = 10;
const PER_ACCOUNT = 5;
let phase = 0;

async function attempt(url: string, email: string, ip: string): Promise<number> {
  try {
    const res = await fetch(`${url}/api/users/loginWithEmail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password: 'not-the-password-1' }),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/**
 * Sign-in limits held across processes: one address tries PER_IP + 4 wrong passwords at once (spread over the
 * processes by the proxy): exactly PER_IP are checked, the rest 429. One email is tried from 8 addresses at
 * once: exactly PER_ACCOUNT are checked, the rest refused as locked (429). Answers the violations.
 */
export async function checkSignInLimits(url: string, when: string): Promise<string[]> {
  phase += 1;
  const violations: string[] = [];
  const ip = `10.99.${phase}.1`;
  const perIp = await Promise.all(Array.from({ length: PER_IP + 4 }, () => attempt(url, `soak-${randomUUID()}@example.test`, ip)));
  const checked = perIp.filter((s) => s === 401).length;
  const limited = perIp.filter((s) => s === 429).length;
  if (checked !== PER_IP || limited !== 4)
    violations.push(`sign-in per-IP limit (${when}): ${PER_IP + 4} attempts from one address answered ${perIp.join(', ')}`);

  const email = `soak-locked-${randomUUID()}@example.test`;
  const perAccount = await Promise.all(Array.from({ length: PER_ACCOUNT + 3 }, (_, i) => attempt(url, email, `10.98.${phase}.${i + 1}`)));
  const accountChecked = perAccount.filter((s) => s === 401).length;
  const locked = perAccount.filter((s) => s === 429).length;
  if (accountChecked !== PER_ACCOUNT || locked !== 3)
    violations.push(`sign-in per-account limit (${when}): ${PER_ACCOUNT + 3} attempts at one email answered ${perAccount.join(', ')}`);
  console.log(`sign-in limits (${when}): one address ${checked} checked / ${limited} limited; one email ${accountChecked} checked / ${locked} locked`);
  return violations;
}
