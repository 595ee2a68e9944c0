import { and, asc, desc, eq } from 'drizzle-orm';
import type { PaymentMethodDto } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { cardTokens } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';

/**
 * Saved payment methods: the provider's tokens for cards, linked bank accounts and e-wallets. Only what the
 * screen shows is kept (brand, masked number, expiry). One default per person (a partial unique index);
 * changes lock the person's rows first so two quick clicks cannot leave two defaults or none.
 */
export type CardTokenRow = typeof cardTokens.$inferSelect;

export function toPaymentMethodDto(row: CardTokenRow): PaymentMethodDto {
  return {
    id: row.id,
    kind: row.kind,
    cardBrand: row.cardBrand,
    bank: row.bank,
    ewallet: row.ewallet,
    maskedNumber: row.maskedNumber,
    expiryMonth: row.expiryMonth,
    expiryYear: row.expiryYear,
    label: row.label,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPaymentMethods(db: DbOrTx, actor: Actor, kind?: CardTokenRow['kind']): Promise<PaymentMethodDto[]> {
  const rows = await db
    .select()
    .from(cardTokens)
    .where(and(eq(cardTokens.userId, actor.id), eq(cardTokens.status, 'active'), kind ? eq(cardTokens.kind, kind) : undefined))
    .orderBy(desc(cardTokens.isDefault), asc(cardTokens.createdAt));
  return rows.map(toPaymentMethodDto);
}

/** An active method of the caller's own, or 404 (someone else's is answered as if it did not exist). */
export async function findOwnMethod(db: DbOrTx, actor: Actor, id: string): Promise<CardTokenRow> {
  const [row] = await db
    .select()
    .from(cardTokens)
    .where(and(eq(cardTokens.id, id), eq(cardTokens.userId, actor.id), eq(cardTokens.status, 'active')));
  if (!row) throw notFound('Payment method');
  return row;
}

async function lockMethodsOf(tx: DbOrTx, userId: string) {
  return tx.select().from(cardTokens).where(eq(cardTokens.userId, userId)).orderBy(asc(cardTokens.createdAt)).for('update');
}

export async function setDefaultPaymentMethod(db: DbOrTx, actor: Actor, id: string, kind?: CardTokenRow['kind']): Promise<PaymentMethodDto[]> {
  await db.transaction(async (tx) => {
    await lockMethodsOf(tx, actor.id);
    await findOwnMethod(tx, actor, id);
    await tx
      .update(cardTokens)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(and(eq(cardTokens.userId, actor.id), eq(cardTokens.isDefault, true)));
    await tx.update(cardTokens).set({ isDefault: true, updatedAt: new Date() }).where(eq(cardTokens.id, id));
  });
  return listPaymentMethods(db, actor, kind);
}

/** Removing the default hands the default to the oldest remaining method, so one stays default. */
export async function removePaymentMethod(db: DbOrTx, actor: Actor, id: string, kind?: CardTokenRow['kind']): Promise<PaymentMethodDto[]> {
  await db.transaction(async (tx) => {
    await lockMethodsOf(tx, actor.id);
    const method = await findOwnMethod(tx, actor, id);
    if (kind && method.kind !== kind) throw notFound('Card');
    await tx.delete(cardTokens).where(eq(cardTokens.id, id));
    if (method.isDefault) {
      const [next] = await tx
        .select({ id: cardTokens.id })
        .from(cardTokens)
        .where(and(eq(cardTokens.userId, actor.id), eq(cardTokens.status, 'active')))
        .orderBy(asc(cardTokens.createdAt))
        .limit(1);
      if (next) await tx.update(cardTokens).set({ isDefault: true, updatedAt: new Date() }).where(eq(cardTokens.id, next.id));
    }
  });
  return listPaymentMethods(db, actor, kind);
}

/** A card tokenized in the browser: only its token and display fields arrive here (newCardBody is strict). */
export async function saveCard(
  db: DbOrTx,
  actor: Actor,
  provider: 'sandbox' | 'xendit',
  input: { token: string; cardBrand: CardTokenRow['cardBrand'] & string; last4: string; expiryMonth: number; expiryYear: number; isDefault?: boolean },
): Promise<PaymentMethodDto[]> {
  await db.transaction(async (tx) => {
    const existing = await lockMethodsOf(tx, actor.id);
    const active = existing.filter((m) => m.status === 'active');
    const makeDefault = input.isDefault === true || !active.some((m) => m.isDefault);
    if (makeDefault) {
      await tx
        .update(cardTokens)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(and(eq(cardTokens.userId, actor.id), eq(cardTokens.isDefault, true)));
    }
    await tx
      .insert(cardTokens)
      .values({
        userId: actor.id,
        kind: 'Card',
        provider,
        providerMethodId: input.token,
        cardBrand: input.cardBrand,
        maskedNumber: `XXXX XXXX XXXX ${input.last4}`,
        expiryMonth: input.expiryMonth,
        expiryYear: input.expiryYear,
        label: `${input.cardBrand} •••• ${input.last4}`,
        isDefault: makeDefault,
      })
      .onConflictDoNothing();
  });
  return listPaymentMethods(db, actor, 'Card');
}
