import { eq } from 'drizzle-orm';
import type { RoleName } from '@hatid/domain';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { assignRoles, findUserByEmail, loadUserWithRoles } from '../../modules/users/index.js';
import { newAgentCode } from '../../modules/users/index.js';
import { actorFrom, type Actor } from '../../core/actor.js';
import { demoEmail } from '../index.js';
import { cityNamed } from './places.js';

/**
 * The living demo's people besides the demo logins: riders with their service areas (PSGC city codes, as Add
 * user sets them) and customers who book. Riders and customers sign in with their mobile number and a one-time
 * code, so they have no password (nothing to hash: the start stays quick).
 */
const RIDERS: { firstName: string; lastName: string; mobileNumber: string; cities: string[] }[] = [
  { firstName: 'Efren', lastName: 'Magbanua', mobileNumber: '+639171000101', cities: ['Quezon City', 'Marikina City'] },
  { firstName: 'Dennis', lastName: 'Salazar', mobileNumber: '+639171000102', cities: ['Pasig City', 'Taguig City', 'Mandaluyong City'] },
  { firstName: 'Noel', lastName: 'Pascual', mobileNumber: '+639171000103', cities: ['Cebu City', 'Mandaue City'] },
  { firstName: 'Ramil', lastName: 'Dimaculangan', mobileNumber: '+639171000104', cities: ['Cebu City', 'Lapu-Lapu City'] },
];
/** The demo rider's own area: Makati and its neighbours, where the demo business and most bookings are. */
const RAMON_CITIES = ['Makati City', 'Mandaluyong City', 'Pasig City', 'Taguig City'];

const CUSTOMERS: { firstName: string; lastName: string; mobileNumber: string; city: string }[] = [
  { firstName: 'Maricel', lastName: 'Ocampo', mobileNumber: '+639182000101', city: 'Quezon City' },
  { firstName: 'Rodel', lastName: 'Tolentino', mobileNumber: '+639182000102', city: 'Makati City' },
  { firstName: 'Jocelyn', lastName: 'Manalo', mobileNumber: '+639182000103', city: 'Pasig City' },
  { firstName: 'Arnel', lastName: 'Soriano', mobileNumber: '+639182000104', city: 'Cebu City' },
  { firstName: 'Rowena', lastName: 'Lacson', mobileNumber: '+639182000105', city: 'Taguig City' },
  { firstName: 'Jerome', lastName: 'Panganiban', mobileNumber: '+639182000106', city: 'Mandaue City' },
  { firstName: 'Kristine', lastName: 'Samonte', mobileNumber: '+639182000107', city: 'Mandaluyong City' },
  { firstName: 'Lorna', lastName: 'Macaraeg', mobileNumber: '+639182000108', city: 'Marikina City' },
];

export interface DemoPerson {
  id: string;
  name: string;
  mobileNumber: string;
  /** Where they live or work: their pickups start here. */
  home: string;
}

export interface DemoRider extends DemoPerson {
  cityCodes: string[];
}

export interface DemoCast {
  staff: Actor;
  admin: Actor;
  consolidator: Actor;
  juan: Actor;
  maria: Actor;
  jose: Actor;
  ramon: Actor;
  riders: DemoRider[];
  /** Juan first, then the others; the business's people are apart (they book on account). */
  customers: DemoPerson[];
  business: { id: string; name: string; bookers: DemoPerson[] };
}

async function demoActor(tx: Tx, role: RoleName): Promise<Actor | null> {
  const user = await findUserByEmail(tx, demoEmail(role));
  const loaded = user ? await loadUserWithRoles(tx, user.id) : null;
  return loaded ? actorFrom(loaded) : null;
}

async function insertPerson(tx: Tx, values: typeof users.$inferInsert, roles: RoleName[]): Promise<string> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  await assignRoles(tx, row!.id, roles);
  return row!.id;
}

const codesOf = (cities: string[]) => cities.map((name) => cityNamed(name).cityCode);
const nameOf = (a: Actor) => `${a.user.firstName} ${a.user.lastName}`;

/** The demo logins as actors, or null when the accounts seed did not make them (demo data off). */
export async function castDemo(tx: Tx, staffId: string | null): Promise<DemoCast | null> {
  const [staff, admin, consolidator, juan, maria, jose, ramon] = await Promise.all(
    (['staff', 'admin', 'consolidator', 'customer', 'business_admin', 'business_member', 'rider'] as const).map((r) => demoActor(tx, r)),
  );
  if (!staff || !admin || !consolidator || !juan || !maria || !jose || !ramon || !maria.user.businessId) return null;

  await tx
    .update(users)
    .set({ serviceAreaCodes: codesOf(RAMON_CITIES) })
    .where(eq(users.id, ramon.id));
  const riders: DemoRider[] = [
    { id: ramon.id, name: nameOf(ramon), mobileNumber: ramon.user.mobileNumber!, home: 'Makati City', cityCodes: codesOf(RAMON_CITIES) },
  ];
  for (const r of RIDERS) {
    const id = await insertPerson(
      tx,
      {
        firstName: r.firstName,
        lastName: r.lastName,
        mobileNumber: r.mobileNumber,
        isEmployee: true,
        serviceAreaCodes: codesOf(r.cities),
        createdById: staffId,
      },
      ['rider'],
    );
    riders.push({ id, name: `${r.firstName} ${r.lastName}`, mobileNumber: r.mobileNumber, home: r.cities[0]!, cityCodes: codesOf(r.cities) });
  }
  const customers: DemoPerson[] = [{ id: juan.id, name: nameOf(juan), mobileNumber: juan.user.mobileNumber!, home: 'Quezon City' }];
  for (const c of CUSTOMERS) {
    const id = await insertPerson(tx, { firstName: c.firstName, lastName: c.lastName, mobileNumber: c.mobileNumber, agentCode: newAgentCode() }, ['customer']);
    customers.push({ id, name: `${c.firstName} ${c.lastName}`, mobileNumber: c.mobileNumber, home: c.city });
  }
  const bookers = [maria, jose].map((a) => ({ id: a.id, name: nameOf(a), mobileNumber: a.user.mobileNumber!, home: 'Makati City' }));
  return {
    staff,
    admin,
    consolidator,
    juan,
    maria,
    jose,
    ramon,
    riders,
    customers,
    business: { id: maria.user.businessId, name: maria.user.businessName ?? 'Villanueva Trading', bookers },
  };
}
