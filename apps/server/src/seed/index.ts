import { count } from 'drizzle-orm';
import { ROLE_NAMES, type RoleName } from '@hatid/domain';
import type { Db } from '../db/client.js';
import { couriers, coveredProvinces, hubs, roles, users } from '../db/schema/index.js';
import { createUserWithRoles } from '../modules/users/index.js';
import { findUserByEmail } from '../modules/users/index.js';
import { AIR_CARRIERS } from './couriers.js';
import { COVERED_PROVINCES } from './covered-provinces.js';
import { DEMO_HUBS } from './hubs.js';
import { seedDemoBusiness } from './demo-business.js';

export const DEMO_PASSWORD = 'hatid-demo-2026';

/** One demo account per role; the README lists them. Mobile numbers sign in by OTP (console SMS). */
export const DEMO_ACCOUNTS: { role: RoleName; firstName: string; lastName: string; mobileNumber: string }[] = [
  { role: 'super_admin', firstName: 'Sofia', lastName: 'Santos', mobileNumber: '+639170000001' },
  { role: 'admin', firstName: 'Andres', lastName: 'Bautista', mobileNumber: '+639170000002' },
  { role: 'staff', firstName: 'Teresa', lastName: 'Reyes', mobileNumber: '+639170000003' },
  { role: 'ssp', firstName: 'Paolo', lastName: 'Garcia', mobileNumber: '+639170000004' },
  { role: 'customer', firstName: 'Juan', lastName: 'Dela Cruz', mobileNumber: '+639170000005' },
  { role: 'business_admin', firstName: 'Maria', lastName: 'Villanueva', mobileNumber: '+639170000006' },
  { role: 'business_member', firstName: 'Jose', lastName: 'Mendoza', mobileNumber: '+639170000007' },
  { role: 'rider', firstName: 'Ramon', lastName: 'Aquino', mobileNumber: '+639170000008' },
  { role: 'consolidator', firstName: 'Liza', lastName: 'Ramos', mobileNumber: '+639170000009' },
  { role: 'sales_agent', firstName: 'Carlo', lastName: 'Navarro', mobileNumber: '+639170000010' },
  { role: 'service_partner', firstName: 'Nina', lastName: 'Castillo', mobileNumber: '+639170000011' },
];

export const demoEmail = (role: RoleName) => `${role.replace('_', '-')}@hatid.test`;

export interface SeedOptions {
  demo: boolean;
  superAdmin?: { email: string; password: string };
}

/** Safe to run on every start: each part only fills what is missing. */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<void> {
  await db
    .insert(roles)
    .values(ROLE_NAMES.map((name) => ({ name })))
    .onConflictDoNothing();

  const [provinces] = await db.select({ n: count() }).from(coveredProvinces);
  if ((provinces?.n ?? 0) === 0) await db.insert(coveredProvinces).values(COVERED_PROVINCES);

  // The Philippine air carriers, in every environment (real reference data a consolidation cannot be sealed
  // without); only into an empty table, so staff's own list is never touched again.
  const [courierCount] = await db.select({ n: count() }).from(couriers);
  if ((courierCount?.n ?? 0) === 0) await db.insert(couriers).values(AIR_CARRIERS);

  // Drop-off hubs of the demo (staff keep the real list); only into an empty table, like the provinces.
  const [hubCount] = await db.select({ n: count() }).from(hubs);
  if (options.demo && (hubCount?.n ?? 0) === 0) await db.insert(hubs).values(DEMO_HUBS);

  if (options.superAdmin && !(await findUserByEmail(db, options.superAdmin.email))) {
    await createUserWithRoles(db, {
      email: options.superAdmin.email,
      password: options.superAdmin.password,
      firstName: 'Super',
      lastName: 'Admin',
      roles: ['super_admin'],
    });
  }

  const [people] = await db.select({ n: count() }).from(users);
  if (options.demo && (people?.n ?? 0) === 0) {
    const ids = new Map<RoleName, string>();
    for (const account of DEMO_ACCOUNTS) {
      const id = await createUserWithRoles(db, {
        email: demoEmail(account.role),
        password: DEMO_PASSWORD,
        firstName: account.firstName,
        lastName: account.lastName,
        mobileNumber: account.mobileNumber,
        roles: [account.role],
      });
      ids.set(account.role, id);
    }
    // The demo business admin and member belong to a business (README "Demo logins").
    await seedDemoBusiness(db, { ownerId: ids.get('business_admin')!, memberIds: [ids.get('business_member')!], accountManagerId: ids.get('staff') ?? null });
  }
}
