import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { insertBusiness, insertBusinessAddress } from '../modules/businesses/index.js';

/**
 * The demo's business (issue 28 finding 9): the demo business admin runs it and the demo business member works
 * in it, so API keys, invoice billing and the business screens can be shown with the demo logins. A trading
 * company in Salcedo Village, Makati (a real PSGC place: Metro Manila, Makati City, Barangay Bel-Air), on an
 * invoice account (30 days, ₱50,000 credit), with the demo staff member as its account manager. Kept in data
 * here so a fuller demo (issue 29) can add to it.
 */
export const DEMO_BUSINESS = {
  name: 'Villanueva Trading',
  email: 'accounts@villanuevatrading.test',
  mobileNumber: '+639170000006',
  tin: '123-456-789-000',
  invoiceAccount: { invoiceBillingEnabled: true, paymentTermsInDays: 30, creditLimitInCents: 5_000_000 },
  address: {
    label: 'Main office',
    name: 'Maria Villanueva',
    mobileNumber: '+639170000006',
    email: 'accounts@villanuevatrading.test',
    provinceCode: '1300000000',
    cityCode: '1380300000',
    barangayCode: '1380300002',
    streetName: 'Unit 1203, 114 Valero Street, Salcedo Village',
  },
} as const;

/**
 * Puts `ownerId` (a business admin) and `memberIds` (business members) in the demo business, the way a
 * business's page does (users.business_id, a business account); they hold their business roles already.
 */
export async function seedDemoBusiness(db: Db, people: { ownerId: string; memberIds: string[]; accountManagerId: string | null }): Promise<string> {
  return db.transaction(async (tx) => {
    const { address, invoiceAccount, ...profile } = DEMO_BUSINESS;
    const business = await insertBusiness(tx, { ...profile, ...invoiceAccount, ownerId: people.ownerId, accountManagerId: people.accountManagerId });
    await insertBusinessAddress(tx, business.id, address, true);
    for (const id of [people.ownerId, ...people.memberIds]) {
      await tx.update(users).set({ businessId: business.id, accountType: 'business', businessName: business.name }).where(eq(users.id, id));
    }
    return business.id;
  });
}
