/**
 * Opening a business at sign-up. It is written here, not in the businesses module, because businesses build
 * on people (members are users, invited by email) and so depend on this module; a sign-up that opens a
 * business is the one place a person's module creates a business row (docs/architecture.md, "Exceptions").
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { businesses, users } from '../../db/schema/index.js';
import { assignRoles } from './users.repository.js';

type BusinessRow = typeof businesses.$inferSelect;

/** Business names are at most 150 characters (businessNameSchema); a sign-up's name may be longer. */
export const BUSINESS_NAME_MAX = 150;

/**
 * The business of someone who signs up with account type business (registerCustomer; migration 0030 for
 * the accounts made before): they own it and are its business admin, so it is a client staff can see,
 * bill and put on an invoice account. The business takes the sign-up's mobile number as its contact.
 */
export async function openBusinessOf(db: DbOrTx, person: { id: string; businessName: string; mobileNumber: string | null }): Promise<BusinessRow> {
  const name = person.businessName.trim().slice(0, BUSINESS_NAME_MAX);
  const [row] = (await db.insert(businesses).values({ name, mobileNumber: person.mobileNumber, ownerId: person.id }).returning()) as [BusinessRow];
  await db.update(users).set({ businessId: row.id, accountType: 'business', businessName: name }).where(eq(users.id, person.id));
  await assignRoles(db, person.id, ['business_admin']);
  return row;
}
