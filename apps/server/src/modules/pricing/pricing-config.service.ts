import { DEFAULT_PRICING_CONFIG, pricingConfigSchema, type PricingConfig, type PricingConfigPatch } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { PRICING_CONFIG_KEY, findPricingConfigRow, lockPricingConfigRow, savePricingConfigRow } from './pricing.repository.js';

/**
 * Every calculation needs the config, so it is kept for a few seconds per database handle. A save in
 * this process bumps `generation`, which makes every cached copy stale at once; other instances pick a
 * change up within CACHE_TTL_MS.
 */
const CACHE_TTL_MS = 5_000;
let generation = 0;
const cache = new WeakMap<object, { config: PricingConfig; loadedAt: number; generation: number }>();

/** The stored config over the defaults; what every price is computed with. */
export async function loadPricingConfig(db: DbOrTx): Promise<PricingConfig> {
  const hit = cache.get(db);
  if (hit && hit.generation === generation && Date.now() - hit.loadedAt < CACHE_TTL_MS) return hit.config;
  // Read before the query: a save that lands while we read leaves this entry stale, not wrongly fresh.
  const seen = generation;
  const row = await findPricingConfigRow(db);
  const config = deepFreeze(configFrom(row?.value));
  cache.set(db, { config, loadedAt: Date.now(), generation: seen });
  return config;
}

/** Applies a staff edit (any subset of fields), validates the whole result, logs it, and returns it. */
export async function updatePricingConfig(db: DbOrTx, actor: Actor, patch: PricingConfigPatch, options: { ip?: string } = {}): Promise<PricingConfig> {
  const saved = await db.transaction(async (tx) => {
    const row = await lockPricingConfigRow(tx, DEFAULT_PRICING_CONFIG);
    const before = configFrom(row.value);
    const parsed = pricingConfigSchema.safeParse(mergeConfig(before, patch));
    if (!parsed.success) {
      const details = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
      throw new AppError('VALIDATION_FAILED', details.map((d) => `${d.field}: ${d.message}`).join('; '), details);
    }
    const after = parsed.data;
    const changed = (Object.keys(after) as (keyof PricingConfig)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
    if (changed.length === 0) return after;
    await savePricingConfigRow(tx, after, actor.id);
    await recordActivity(tx, {
      actor,
      action: 'UPDATED',
      entity: 'PricingConfig',
      entityId: PRICING_CONFIG_KEY,
      category: 'pricing',
      summary: `Pricing changed: ${changed.join(', ')}`,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      ip: options.ip ?? null,
    });
    return after;
  });
  generation += 1;
  return deepFreeze(structuredClone(saved));
}

/**
 * Boxes merge per box and per field; every other key replaces the current value (so a patch carrying
 * `boxRatesInCents` replaces the whole map, which is how a negotiated rate is removed).
 */
export function mergeConfig(base: PricingConfig, patch: PricingConfigPatch): PricingConfig {
  const { boxes: boxPatch, ...rest } = patch;
  const boxes = { ...base.boxes };
  for (const [name, fields] of Object.entries(boxPatch ?? {}) as [keyof PricingConfig['boxes'], object | undefined][]) {
    if (fields) boxes[name] = { ...boxes[name], ...definedOnly(fields) };
  }
  return { ...base, ...definedOnly(rest), boxes };
}

/** A stored value that no longer validates (hand-edited, older shape) falls back to the defaults. */
function configFrom(stored: unknown): PricingConfig {
  // Zod returns fresh objects, so freezing the result never freezes the shared defaults.
  const value = stored && typeof stored === 'object' ? (stored as PricingConfigPatch) : {};
  const parsed = pricingConfigSchema.safeParse(mergeConfig(DEFAULT_PRICING_CONFIG, value));
  return parsed.success ? parsed.data : pricingConfigSchema.parse(DEFAULT_PRICING_CONFIG);
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
