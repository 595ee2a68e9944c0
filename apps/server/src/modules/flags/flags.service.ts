import { asc, eq } from 'drizzle-orm';
import { PAYMENT_FLAG_KEYS, flagKeyOf, type FlagDto, type PaymentChannel } from '@hatid/domain';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { flags } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';

/**
 * The spec's remote flags (the "flags" collection), stored here: each has a test and a production value and
 * APP_ENV=production reads the production one, every other environment the test one. A payment option that
 * is off is hidden by the web app and refused here, whatever a client sends.
 */
export type AppEnv = Config['APP_ENV'];
type FlagRow = typeof flags.$inferSelect;

const valueFor = (row: Pick<FlagRow, 'testValue' | 'productionValue'>, env: AppEnv) => (env === 'production' ? row.productionValue : row.testValue);

export function toFlagDto(row: FlagRow, env: AppEnv): FlagDto {
  return {
    key: row.key,
    description: row.description,
    testValue: row.testValue,
    productionValue: row.productionValue,
    enabled: valueFor(row, env),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listFlags(db: DbOrTx, env: AppEnv): Promise<FlagDto[]> {
  const rows = await db.select().from(flags).orderBy(asc(flags.key));
  return rows.map((row) => toFlagDto(row, env));
}

/** A flag that does not exist is off: a payment option is never open by accident. */
export async function isFlagOn(db: DbOrTx, key: string, env: AppEnv): Promise<boolean> {
  const [row] = await db.select({ testValue: flags.testValue, productionValue: flags.productionValue }).from(flags).where(eq(flags.key, key));
  return row ? valueFor(row, env) : false;
}

const LABELS: Record<PaymentChannel | 'wallet', string> = {
  wallet: 'Paying by wallet',
  card: 'Card top-ups',
  direct_debit: 'Direct debit top-ups',
  ewallet: 'E-wallet top-ups',
  qr: 'QR top-ups',
};

/** Refuses a switched-off payment option with the field the client sent it in. */
export async function assertPaymentOptionOn(db: DbOrTx, env: AppEnv, option: PaymentChannel | 'wallet', field: string): Promise<void> {
  if (!(await isFlagOn(db, flagKeyOf(option), env))) {
    throw fieldError(
      field,
      `${LABELS[option]} are switched off right now. Please choose another way to pay.`.replace('Paying by wallet are', 'Paying by wallet is'),
      'RULE_BROKEN',
    );
  }
}

export async function updateFlag(
  db: DbOrTx,
  actor: Actor,
  key: string,
  input: { testValue?: boolean; productionValue?: boolean },
  env: AppEnv,
  ip?: string,
): Promise<FlagDto> {
  if (!(PAYMENT_FLAG_KEYS as readonly string[]).includes(key)) {
    const [exists] = await db.select({ key: flags.key }).from(flags).where(eq(flags.key, key));
    if (!exists) throw notFound('Flag');
  }
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(flags).where(eq(flags.key, key)).for('update');
    if (!before) throw notFound('Flag');
    const [after] = await tx
      .update(flags)
      .set({ ...input, updatedById: actor.id, updatedAt: new Date() })
      .where(eq(flags.key, key))
      .returning();
    if (!after) throw new AppError('CONFLICT', 'The flag changed meanwhile. Please try again.');
    await recordActivity(tx, {
      actor,
      action: 'UPDATED',
      entity: 'Flag',
      entityId: null,
      category: 'configurations',
      summary: `Flag ${key}: test ${after.testValue ? 'on' : 'off'}, production ${after.productionValue ? 'on' : 'off'}`,
      before: { testValue: before.testValue, productionValue: before.productionValue },
      after: { testValue: after.testValue, productionValue: after.productionValue },
      status: null,
      ip: ip ?? null,
    });
    return toFlagDto(after, env);
  });
}
