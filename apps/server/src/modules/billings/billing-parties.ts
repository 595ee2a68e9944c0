import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { BillingType } from '@hatid/domain';
import type { Tx } from '../../db/client.js';
import { addresses, businessAddresses, businesses, roles, userRoles, users } from '../../db/schema/index.js';
import { fieldError } from '../../errors.js';
import { personName } from '../../core/names.js';
import type { BillingParty } from './billing-shipments.js';

/** Who a billing is for, as the create call resolves it: the client's row is locked for the transaction. */
export interface ResolvedParty extends BillingParty {
  name: string;
  /** Province code of the client's main address, if it has one. */
  location: string | null;
  termsInDays: number;
}

/** Payment terms of a customer billed without a business. */
export const CUSTOMER_TERMS_IN_DAYS = 30;

/**
 * The client of a billing, locked (FOR UPDATE) so that two billings prepared at once for the same client
 * queue and the second sees the first's shipments as taken. A business is billed through its owner, else
 * its first business admin (billings.customer_id is the person the statement is addressed to).
 */
export async function resolveParty(
  tx: Tx,
  input: { billingType: BillingType; businessId?: string | undefined; customerId?: string | undefined },
): Promise<ResolvedParty> {
  if (input.businessId) {
    const [business] = await tx
      .select()
      .from(businesses)
      .where(and(eq(businesses.id, input.businessId), isNull(businesses.deletedAt)))
      .for('update');
    if (!business) throw fieldError('businessId', 'Choose a client from the list', 'RULE_BROKEN');
    if (input.billingType === 'receivable' && !business.invoiceBillingEnabled) {
      throw fieldError('businessId', 'This client is not on an invoice account', 'RULE_BROKEN');
    }
    const customerId = business.ownerId ?? (await firstBusinessAdmin(tx, business.id));
    if (!customerId) throw fieldError('businessId', 'This client has no owner or business admin to address the billing to', 'RULE_BROKEN');
    const [main] = await tx
      .select({ provinceCode: businessAddresses.provinceCode })
      .from(businessAddresses)
      .where(eq(businessAddresses.businessId, business.id))
      .orderBy(desc(businessAddresses.isDefault), asc(businessAddresses.createdAt))
      .limit(1);
    return {
      billingType: input.billingType,
      businessId: business.id,
      customerId,
      name: business.name,
      location: main?.provinceCode ?? null,
      termsInDays: business.paymentTermsInDays,
    };
  }
  const [person] = await tx.select().from(users).where(eq(users.id, input.customerId!)).for('update');
  if (!person) throw fieldError('customerId', 'Choose a customer from the list', 'RULE_BROKEN');
  const [main] = await tx
    .select({ provinceCode: addresses.provinceCode })
    .from(addresses)
    .where(eq(addresses.userId, person.id))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt))
    .limit(1);
  return {
    billingType: input.billingType,
    businessId: null,
    customerId: person.id,
    name: personName(person.firstName, person.lastName) ?? 'Customer',
    location: main?.provinceCode ?? null,
    termsInDays: CUSTOMER_TERMS_IN_DAYS,
  };
}

async function firstBusinessAdmin(tx: Tx, businessId: string): Promise<string | null> {
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(users.businessId, businessId), eq(roles.name, 'business_admin')))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return admin?.id ?? null;
}

/** Locks the client row of an existing billing again (a new period gathers its shipments again). */
export async function lockPartyOf(tx: Tx, billing: { businessId: string | null; customerId: string }): Promise<void> {
  if (billing.businessId) await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, billing.businessId)).for('update');
  else await tx.select({ id: users.id }).from(users).where(eq(users.id, billing.customerId)).for('update');
}
