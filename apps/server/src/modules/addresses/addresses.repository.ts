import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { AddressDto, AddressInput, CoveredProvinceDto } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { addresses, coveredProvinces } from '../../db/schema/index.js';
import { findBarangay, findCityMunicipality, findProvince } from '../../platform/psgc/index.js';

export type AddressRow = typeof addresses.$inferSelect;

export async function listCoveredProvinces(db: DbOrTx, onlyIntraCity?: boolean): Promise<CoveredProvinceDto[]> {
  const rows = await db
    .select()
    .from(coveredProvinces)
    .where(onlyIntraCity === undefined ? undefined : eq(coveredProvinces.isIntraCityEnabled, onlyIntraCity))
    .orderBy(asc(coveredProvinces.name));
  return rows.map((r) => ({
    provinceCode: r.provinceCode,
    name: r.name,
    partnerStatus: r.partnerStatus,
    retrievalFeeInCents: r.retrievalFeeInCents,
    isIntraCityEnabled: r.isIntraCityEnabled,
  }));
}

export async function findCoveredProvince(db: DbOrTx, provinceCode: string) {
  const [row] = await db.select().from(coveredProvinces).where(eq(coveredProvinces.provinceCode, provinceCode)).limit(1);
  return row ?? null;
}

export async function listUserAddresses(db: DbOrTx, userId: string): Promise<AddressRow[]> {
  return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), desc(addresses.createdAt));
}

export async function findAddress(db: DbOrTx, id: string): Promise<AddressRow | null> {
  const [row] = await db.select().from(addresses).where(eq(addresses.id, id)).limit(1);
  return row ?? null;
}

export async function insertAddress(db: DbOrTx, userId: string, input: AddressInput): Promise<AddressRow> {
  const [row] = await db.insert(addresses).values(toColumns(userId, input)).returning();
  return row!;
}

export async function updateAddress(db: DbOrTx, id: string, userId: string, input: AddressInput): Promise<AddressRow> {
  const [row] = await db.update(addresses).set(toColumns(userId, input)).where(eq(addresses.id, id)).returning();
  return row!;
}

/** One default per user: setting it on one address clears it on the others. */
export async function clearOtherDefaults(db: DbOrTx, userId: string, keepId: string): Promise<void> {
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), ne(addresses.id, keepId), eq(addresses.isDefault, true)));
}

export async function deleteAddress(db: DbOrTx, id: string): Promise<void> {
  await db.delete(addresses).where(eq(addresses.id, id));
}

function toColumns(userId: string, input: AddressInput) {
  return {
    userId,
    label: input.label || null,
    name: input.name,
    mobileNumber: input.mobileNumber,
    email: input.email?.toLowerCase() ?? null,
    provinceCode: input.provinceCode,
    cityCode: input.cityCode,
    barangayCode: input.barangayCode,
    streetName: input.streetName,
    isDefault: input.isDefault ?? false,
  };
}

/** An address row as the API shows it, with the place names looked up; also used for a business's addresses. */
export function toAddressDto(row: Omit<AddressRow, 'userId'>): AddressDto {
  return {
    id: row.id,
    label: row.label,
    name: row.name,
    mobileNumber: row.mobileNumber,
    email: row.email,
    provinceCode: row.provinceCode,
    provinceName: findProvince(row.provinceCode)?.name ?? row.provinceCode,
    cityCode: row.cityCode,
    cityLabel: findCityMunicipality(row.cityCode)?.name ?? row.cityCode,
    barangayCode: row.barangayCode,
    barangayName: findBarangay(row.barangayCode)?.name ?? row.barangayCode,
    streetName: row.streetName,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}
