import { count, eq } from 'drizzle-orm';
import type { AddressInput } from '@hatid/domain';
import type { Db } from '../../db/client.js';
import { lockLimit } from '../../db/locks.js';
import { addresses } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { findBarangay, findCityMunicipality, listBarangays, listCitiesMunicipalities } from '../../platform/psgc/index.js';
import {
  clearOtherDefaults,
  deleteAddress,
  findAddress,
  findCoveredProvince,
  insertAddress,
  listUserAddresses,
  updateAddress,
  type AddressRow,
} from './addresses.repository.js';

export const MAX_SAVED_ADDRESSES = 50;

/** Only places in provinces we serve, and each level must sit inside the one above it (PSGC). */
export async function checkPlaces(
  db: Db,
  input: Pick<AddressInput, 'provinceCode' | 'cityCode' | 'barangayCode'>,
  /** How the province is looked up: a caller checking many bookings passes one that remembers (bulk booking). */
  coveredProvince: (provinceCode: string) => Promise<unknown> = (code) => findCoveredProvince(db, code),
) {
  if (!(await coveredProvince(input.provinceCode))) {
    throw fieldError('provinceCode', 'We do not deliver to this province yet', 'RULE_BROKEN');
  }
  if (findCityMunicipality(input.cityCode)?.provinceCode !== input.provinceCode) {
    throw fieldError('cityCode', 'Choose a city or municipality in the chosen province', 'RULE_BROKEN');
  }
  if (findBarangay(input.barangayCode)?.cityCode !== input.cityCode) {
    throw fieldError('barangayCode', 'Choose a barangay in the chosen city or municipality', 'RULE_BROKEN');
  }
}

export async function coveredCities(db: Db, provinceCode: string) {
  if (!(await findCoveredProvince(db, provinceCode))) throw notFound('Covered province');
  return listCitiesMunicipalities(provinceCode);
}

export async function coveredBarangays(db: Db, cityCode: string) {
  const city = findCityMunicipality(cityCode);
  if (!city || !(await findCoveredProvince(db, city.provinceCode))) throw notFound('Covered city or municipality');
  return listBarangays(cityCode);
}

export async function listMyAddresses(db: Db, actor: Actor) {
  return listUserAddresses(db, actor.id);
}

/** Someone else's address answers 404, as if it did not exist; admins who manage addresses see all. */
export async function getAddressFor(db: Db, actor: Actor, id: string, ownOnly = true): Promise<AddressRow> {
  const row = await findAddress(db, id);
  const allowed = row && (row.userId === actor.id || (!ownOnly && actor.ability.can('manage', 'Address')));
  if (!allowed) throw notFound('Address');
  return row;
}

export async function createAddress(db: Db, actor: Actor, input: AddressInput) {
  await checkPlaces(db, input);
  return db.transaction(async (tx) => {
    // Parallel saves by one person are checked one after the other, each counting the others' rows.
    await lockLimit(tx, 'addresses', actor.id);
    const [existing] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, actor.id));
    if ((existing?.n ?? 0) >= MAX_SAVED_ADDRESSES) {
      throw new AppError('RULE_BROKEN', `You can keep at most ${MAX_SAVED_ADDRESSES} saved addresses`);
    }
    const row = await insertAddress(tx, actor.id, input);
    if (row.isDefault) await clearOtherDefaults(tx, actor.id, row.id);
    return row;
  });
}

export async function changeAddress(db: Db, actor: Actor, id: string, input: AddressInput, ownOnly: boolean) {
  const current = await getAddressFor(db, actor, id, ownOnly);
  await checkPlaces(db, input);
  return db.transaction(async (tx) => {
    const row = await updateAddress(tx, id, current.userId, input);
    if (row.isDefault) await clearOtherDefaults(tx, current.userId, row.id);
    return row;
  });
}

export async function removeAddress(db: Db, actor: Actor, id: string) {
  await getAddressFor(db, actor, id, false);
  await deleteAddress(db, id);
}
